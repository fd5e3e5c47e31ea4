// The loopback server through real sockets: replay fidelity, drift, exhaustion, record through a proxy, the CLI.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { createParser } from 'eventsource-parser'
import { afterEach, describe, expect, test } from 'vitest'
import { WIRE_NAMES, type WireName } from '../../dsl/names.js'
import type { LlmEntry } from '../../dsl/schema.js'
import { parseCassette, serializeCassette } from '../../runner/llm/cassette.js'
import { mergeChunks, type NeutralChunk } from '../../runner/llm/neutral.js'
import { startLlmServer, type LlmServer, type LlmServerOptions } from '../../runner/llm/server.js'
import { CODECS } from '../../runner/llm/wire/index.js'

const servers: LlmServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
async function start(options: LlmServerOptions): Promise<LlmServer> {
  const server = await startLlmServer(options)
  servers.push(server)
  return server
}

const REQUEST: Record<WireName, { path: string; body: (text: string) => unknown }> = {
  'openai-chat': { path: '/v1/chat/completions', body: (text) => ({ model: 'm', stream: true, messages: [{ role: 'user', content: text }] }) },
  'openai-responses': { path: '/v1/responses', body: (text) => ({ model: 'm', stream: true, input: text }) },
  anthropic: { path: '/v1/messages?beta=true', body: (text) => ({ model: 'm', max_tokens: 64, stream: true, messages: [{ role: 'user', content: text }] }) },
  gemini: { path: '/v1beta/models/m:streamGenerateContent?alt=sse', body: (text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }) },
}

interface Received {
  status: number
  headers: Headers
  bytes: string
  chunks: NeutralChunk[]
}

/** A plain streaming client: the raw bytes, and the neutral chunks the codec decodes from them. */
async function call(wire: WireName, url: string, text: string, headers: Record<string, string> = {}): Promise<Received> {
  const { path, body } = REQUEST[wire]
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body(text)) })
  const bytes = await res.text()
  const decoder = CODECS[wire].decoder()
  const chunks: NeutralChunk[] = []
  if (res.ok) {
    const parser = createParser({ onEvent: (event) => chunks.push(...decoder.push(event)) })
    parser.feed(bytes)
    chunks.push(...decoder.end())
  }
  return { status: res.status, headers: res.headers, bytes, chunks }
}

const SCRIPT: LlmEntry[] = [
  { behaviour: 'reasoning_success', text: 'First answer, in several chunks.', chunkSize: 5 },
  { behaviour: 'tool_call_success', toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
  { behaviour: 'rate_limit', retryAfter: 2 },
  { behaviour: 'success' },
]

describe('replay', () => {
  test.each(WIRE_NAMES)('%s: script -> cassette -> llm.jsonl -> replay gives byte-identical streams', async (wire) => {
    const scripted = await start({ wire, source: { kind: 'script', entries: SCRIPT } })
    const first = []
    for (let i = 0; i < SCRIPT.length; i++) first.push(await call(wire, scripted.url, `turn ${i}`))
    expect(scripted.assertConsumed()).toBeUndefined()
    const text = serializeCassette(scripted.cassette({ model: 'm' }))
    const cassette = parseCassette(text, 'llm.jsonl')
    expect(cassette.header).toMatchObject({ wire, source: 'scripted', model: 'm' })

    const replay = await start({ wire, source: { kind: 'cassette', cassette } })
    for (let i = 0; i < SCRIPT.length; i++) {
      const again = await call(wire, replay.url, `turn ${i}`)
      expect(again.status).toBe(first[i]!.status)
      expect(again.bytes).toBe(first[i]!.bytes)
      expect(again.chunks).toEqual(first[i]!.chunks)
    }
    expect(first[0]!.chunks.some((c) => c.type === 'reasoning')).toBe(true)
    expect(first[2]!.status).toBe(429)
    expect(first[2]!.headers.get('retry-after')).toBe('2')
    expect(replay.problems()).toEqual([])
    expect(replay.assertConsumed()).toBeUndefined()
    expect(serializeCassette(replay.cassette({ model: 'm' })).split('\n').slice(1)).toEqual(text.split('\n').slice(1))
  })

  test('a changed request is drift naming the part, and the recorded answer is still served', async () => {
    const scripted = await start({ wire: 'openai-chat', source: { kind: 'script', entries: [{ behaviour: 'success', text: 'recorded' }] } })
    await call('openai-chat', scripted.url, 'original prompt')
    const replay = await start({ wire: 'openai-chat', source: { kind: 'cassette', cassette: scripted.cassette() }, scenario: 'greeting' })
    const got = await call('openai-chat', replay.url, 'edited prompt')
    expect(got.chunks).toContainEqual({ type: 'text', text: 'recorded' })
    const [problem] = replay.problems()
    expect(problem).toMatchObject({ kind: 'drift', call: 1, parts: [{ part: 'messages' }] })
    expect(problem!.message).toBe('model call #1: messages differ from llm.jsonl (re-record with `acp-scenario record greeting`)')
    expect(problem!.kind === 'drift' && problem!.parts[0]!.diff).toContain('+')
  })

  test('normalizeRequest is applied before comparing, so normalised differences are not drift', async () => {
    const normalizeRequest: LlmServerOptions['normalizeRequest'] = (r) => JSON.parse(JSON.stringify(r).replace(/\/tmp\/run-\d+/g, '{{cwd}}'))
    const scripted = await start({ wire: 'anthropic', source: { kind: 'script', entries: [{ behaviour: 'success' }] }, normalizeRequest })
    await call('anthropic', scripted.url, 'look in /tmp/run-111/a.txt')
    expect(JSON.stringify(scripted.calls()[0]!.request)).toContain('{{cwd}}/a.txt')
    const replay = await start({ wire: 'anthropic', source: { kind: 'cassette', cassette: scripted.cassette() }, normalizeRequest })
    await call('anthropic', replay.url, 'look in /tmp/run-222/a.txt')
    expect(replay.problems()).toEqual([])
  })

  test('a failure of the server itself (here a throwing normalizeRequest) answers 500 and is reported', async () => {
    const normalizeRequest: LlmServerOptions['normalizeRequest'] = () => {
      throw new Error('normaliser broke')
    }
    const server = await start({ wire: 'openai-chat', source: { kind: 'script', entries: [{ behaviour: 'success' }] }, normalizeRequest })
    const got = await call('openai-chat', server.url, 'hi')
    expect(got.status).toBe(500)
    expect(server.problems()).toEqual([{ kind: 'internal', message: 'the model server failed on POST /v1/chat/completions: normaliser broke' }])
    expect(server.requestLog()[0]).toMatchObject({ outcome: 'server_error', status: 500 })
  })

  test('past the end: an error naming the call index; left-over calls: unconsumed', async () => {
    const cassette = { header: { version: 1 as const, wire: 'gemini' as const, recordedAt: 'x', source: 'scripted' as const }, calls: [] }
    const empty = await start({ wire: 'gemini', source: { kind: 'cassette', cassette } })
    const got = await call('gemini', empty.url, 'hi')
    expect(got.status).toBe(500)
    expect(got.bytes).toContain('model call #1')
    expect(empty.problems()).toMatchObject([{ kind: 'exhausted', call: 1 }])

    const script = await start({ wire: 'gemini', source: { kind: 'script', entries: [{ behaviour: 'success' }, { behaviour: 'success' }] } })
    await call('gemini', script.url, 'hi')
    expect(script.assertConsumed()).toMatchObject({ kind: 'unconsumed', used: 1, total: 2 })
  })

  test('an entry marked repeat answers every request past the end of the script', async () => {
    const server = await start({ wire: 'openai-chat', source: { kind: 'script', entries: [{ behaviour: 'server_error' }, { behaviour: 'success', text: 'again', repeat: true }] } })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await call('openai-chat', server.url, 'x')).status)
    expect(statuses).toEqual([500, 200, 200, 200])
    expect(server.problems()).toEqual([])
  })
})

describe('requests that are not model calls', () => {
  test('HEAD / and unknown paths are answered without consuming the script', async () => {
    const server = await start({ wire: 'anthropic', source: { kind: 'script', entries: [{ behaviour: 'success' }] } })
    expect((await fetch(server.url + '/', { method: 'HEAD' })).status).toBe(200)
    const unknown = await fetch(server.url + '/v1/models')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })
    expect((await call('anthropic', server.url, 'hi')).status).toBe(200)
    expect(server.requestLog().map((e) => [e.method, e.call, e.outcome])).toEqual([
      ['HEAD', undefined, 'completed'],
      ['GET', undefined, 'completed'],
      ['POST', 1, 'completed'],
    ])
  })
})

describe('close', () => {
  test('destroys a paced stream and a stall promptly, and is idempotent', async () => {
    const server = await start({
      wire: 'openai-chat',
      source: { kind: 'script', entries: [{ behaviour: 'slow_success', delayMs: 60_000, chunkSize: 1 }, { behaviour: 'stall' }] },
    })
    const slow = call('openai-chat', server.url, 'a').catch((e: Error) => e)
    const stall = call('openai-chat', server.url, 'b').catch((e: Error) => e)
    while (server.calls().length < 2) await new Promise((r) => setTimeout(r, 5))
    await Promise.all([server.close(), server.close()])
    expect(await slow).toBeInstanceOf(Error)
    expect(await stall).toBeInstanceOf(Error)
    while (server.requestLog().length < 2) await new Promise((r) => setTimeout(r, 5))
    expect(server.requestLog().map((e) => e.outcome).sort()).toEqual(['client_closed', 'stalled'])
  })
})

describe('record through the upstream proxy', () => {
  const KEY = 'sk-real-secret-123'
  test.each(WIRE_NAMES)('%s: streams through, captures chunks, never writes the key', async (wire) => {
    const upstream = await start({ wire, source: { kind: 'script', entries: SCRIPT } })
    const recorder = await start({ wire, source: { kind: 'upstream', baseUrl: `${upstream.url}/${wire === 'gemini' ? 'v1beta' : 'v1'}`, apiKey: KEY } })
    const direct = await start({ wire, source: { kind: 'script', entries: SCRIPT } })
    for (let i = 0; i < SCRIPT.length; i++) {
      const prompt = i === 0 ? `my key is ${KEY}` : `turn ${i}`
      const viaProxy = await call(wire, recorder.url, prompt, { authorization: 'Bearer fake', 'x-api-key': 'fake' })
      const straight = await call(wire, direct.url, prompt)
      expect(viaProxy.status).toBe(straight.status)
      expect(viaProxy.bytes).toBe(straight.bytes)
    }
    const recorded = recorder.cassette()
    expect(recorded.header.source).toBe('upstream')
    const text = serializeCassette(recorded)
    expect(text).not.toContain(KEY)
    expect(text).toContain('{{secret}}')
    // The captured chunks are what the upstream served (Gemini sends tool arguments whole, hence the merge).
    const scriptedCalls = direct.calls()
    recorded.calls.forEach((c, i) => {
      const served = scriptedCalls[i]!.response
      if (c.response.kind === 'stream' && served.kind === 'stream') expect(mergeChunks(c.response.chunks)).toEqual(mergeChunks(served.chunks))
    })
    // The upstream's 429 is passed on and reported, so the runner fails the record.
    expect(recorder.problems()).toMatchObject([{ kind: 'upstream', call: 3, status: 429 }])
    expect(recorded.calls[2]!.response).toMatchObject({ kind: 'fault', fault: { behaviour: 'rate_limit', params: { status: 429, retryAfter: 2 } } })
  })

  test('an answer the codec cannot decode reaches the client unchanged, keeps its call position and is reported', async () => {
    const entries: LlmEntry[] = [{ behaviour: 'malformed_json' }, { behaviour: 'malformed_json' }, { behaviour: 'success' }]
    const upstream = await start({ wire: 'openai-chat', source: { kind: 'script', entries } })
    const recorder = await start({ wire: 'openai-chat', source: { kind: 'upstream', baseUrl: `${upstream.url}/v1`, apiKey: KEY } })
    const direct = await start({ wire: 'openai-chat', source: { kind: 'script', entries } })
    // Streamed, then not streamed (a JSON body is decoded only once it is complete).
    const raw = async (url: string, stream: boolean) => {
      const res = await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', stream, messages: [] }) })
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
    }
    for (const stream of [true, false]) expect(await raw(recorder.url, stream)).toEqual(await raw(direct.url, stream))
    expect((await call('openai-chat', recorder.url, 'again')).status).toBe(200)
    expect(recorder.problems().map((p) => [p.kind, 'call' in p ? p.call : 0])).toEqual([['upstream', 1], ['upstream', 2]])
    expect(recorder.problems()[0]!.message).toMatch(/^model call #1: the upstream answer is not openai-chat as this server decodes it \(.*JSON.*\); llm\.jsonl would not replay it$/)
    expect(recorder.calls().map((c) => c.request.stream)).toEqual([true, false, true])
  })

  test('an unreachable upstream resets the client and is reported', async () => {
    const gone = await startLlmServer({ wire: 'openai-chat', source: { kind: 'script', entries: [] } })
    await gone.close()
    const recorder = await start({ wire: 'openai-chat', source: { kind: 'upstream', baseUrl: gone.url, apiKey: KEY } })
    await expect(call('openai-chat', recorder.url, 'hi')).rejects.toThrow()
    expect(recorder.problems()).toMatchObject([{ kind: 'upstream', call: 1 }])
    expect(recorder.problems()[0]!.message).toMatch(/^model call #1: the upstream API at http:\/\/127\.0\.0\.1:\d+ could not be reached/)
  })
})

describe('acp-scenario llm-server', () => {
  const CLI = new URL('../../dist/bin/acp-scenario.js', import.meta.url).pathname

  test('prints its URL first, serves the script, logs outcomes, stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'llm-server', '--wire', 'openai-chat', '--script', 'success,rate_limit'], { stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1]
      expect(url).toBeDefined()
      expect((await call('openai-chat', url!, 'hi')).chunks).toContainEqual({ type: 'finish', reason: 'stop', usage: expect.anything() })
      expect((await call('openai-chat', url!, 'hi')).status).toBe(429)
      child.kill('SIGTERM')
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).toBe(0)
      expect(stderr).toContain('POST /v1/chat/completions call #1 success -> 200 completed')
      expect(stderr).toContain('call #2 rate_limit -> 429 completed')
    } finally {
      child.kill('SIGKILL')
    }
  })

  test.each([
    [['--wire', 'gemini'], 'give exactly one of --script'],
    [['--wire', 'gemini', '--script', 'success', '--cassette', 'x.jsonl'], 'give exactly one of --script'],
    [['--wire', 'gemini', '--script', 'succes'], 'unknown behaviour "succes"'],
  ])('exits 2 on bad sources: %j', async (args, message) => {
    const child = spawn(process.execPath, [CLI, 'llm-server', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).toBe(2)
      expect(stderr).toContain(message)
    } finally {
      child.kill('SIGKILL')
    }
  })
})
