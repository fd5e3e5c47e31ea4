// Every behaviour x wire through the provider's official SDK: what the SDK parses, or the error it raises.
import { afterEach, describe, expect, test } from 'vitest'
import { BEHAVIOUR_NAMES, WIRE_NAMES, type BehaviourName, type WireName } from '../../dsl/names.js'
import type { LlmEntry } from '../../dsl/schema.js'
import { DEFAULT_PARTIAL_TEXT, DEFAULT_REASONING, DEFAULT_TEXT, DEFAULT_TOOL_CALL } from '../../runner/llm/behaviours/index.js'
import { startLlmServer, type LlmServer } from '../../runner/llm/server.js'
import { CODECS } from '../../runner/llm/wire/index.js'
import type { ErrorKind } from '../../runner/llm/wire/types.js'
import { callSdk, type Outcome, type Parsed } from './llm-sdk-clients.js'

const servers: LlmServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
async function serve(wire: WireName, entries: LlmEntry[]): Promise<LlmServer> {
  const server = await startLlmServer({ wire, source: { kind: 'script', entries } })
  servers.push(server)
  return server
}

/** The finish each wire reports for a normal stop and for max tokens, as its SDK exposes it. */
const FINISH: Record<WireName, { stop: string; length: string; tool: string }> = {
  'openai-chat': { stop: 'stop', length: 'length', tool: 'tool_calls' },
  'openai-responses': { stop: 'completed', length: 'incomplete', tool: 'completed' },
  anthropic: { stop: 'end_turn', length: 'max_tokens', tool: 'tool_use' },
  gemini: { stop: 'STOP', length: 'MAX_TOKENS', tool: 'STOP' },
}

type Expect =
  | { ok: (wire: WireName) => Partial<Parsed> }
  | { error: ErrorKind }
  /** Transport or parse failure: the SDK throws without an HTTP status. */
  | { broken: true }
  /** The SDK either throws or returns an answer that never reached a finish. */
  | { incomplete: true }

const reply = (text: string, finish: 'stop' | 'length', reasoning = ''): Expect => ({
  ok: (wire) => ({ text, reasoning, toolCalls: [], finish: FINISH[wire][finish] }),
})

const EXPECT: Record<Exclude<BehaviourName, 'random' | 'stall'>, Expect> = {
  success: reply(DEFAULT_TEXT, 'stop'),
  reasoning_success: reply(DEFAULT_TEXT, 'stop', DEFAULT_REASONING),
  slow_success: reply(DEFAULT_TEXT, 'stop'),
  max_tokens: reply(DEFAULT_TEXT, 'length'),
  empty: reply('', 'stop'),
  tool_call_success: {
    ok: (wire) => ({ toolCalls: [{ id: 'call_1_0', name: DEFAULT_TOOL_CALL.name, args: DEFAULT_TOOL_CALL.arguments }], finish: FINISH[wire].tool }),
  },
  empty_body: { incomplete: true },
  stream_eof: { incomplete: true },
  partial_eof: { incomplete: true },
  malformed_event: { incomplete: true },
  wrong_content_type: { incomplete: true },
  partial_disconnect: { broken: true },
  stream_disconnect: { broken: true },
  connection_reset: { broken: true },
  connection_refused: { broken: true },
  malformed_json: { broken: true },
  rate_limit: { error: 'rate_limit' },
  server_error: { error: 'server_error' },
  service_unavailable: { error: 'service_unavailable' },
  auth_error: { error: 'auth_error' },
  invalid_request: { error: 'invalid_request' },
  context_overflow: { error: 'context_overflow' },
  quota_exceeded: { error: 'quota_exceeded' },
}

/** wrong_content_type: every SDK reads a stream whatever its Content-Type; for a JSON body labelled SSE the
 *  OpenAI and Anthropic SDKs give up while @google/genai parses the body anyway. */
const expectationFor = (wire: WireName, behaviour: keyof typeof EXPECT, stream: boolean): Expect =>
  behaviour === 'wrong_content_type' && (stream || wire === 'gemini') ? reply(DEFAULT_TEXT, 'stop') : EXPECT[behaviour]

function check(wire: WireName, expected: Expect, got: Outcome): void {
  if ('ok' in expected) {
    expect(got).toMatchObject({ ok: expected.ok(wire) })
  } else if ('error' in expected) {
    const spec = CODECS[wire].errors[expected.error]
    expect(got).toMatchObject({ error: { status: spec.status, code: spec.code ?? spec.type } })
    if (expected.error === 'rate_limit') expect(got).toMatchObject({ error: { retryAfter: '1' } })
  } else if ('broken' in expected) {
    expect(got).toHaveProperty('error')
    expect('error' in got && got.error.status).toBeUndefined()
  } else if ('ok' in got) {
    expect(got.ok.finish === undefined || got.ok.finish === 'in_progress').toBe(true)
    expect(got.ok.text).not.toBe(DEFAULT_TEXT)
  } else expect(got.error.status).toBeUndefined()
}

const CASES = WIRE_NAMES.flatMap((wire) =>
  (Object.keys(EXPECT) as (keyof typeof EXPECT)[]).flatMap((behaviour) => [true, false].map((stream) => ({ wire, behaviour, stream }))),
)

describe('official SDKs parse every behaviour as meant', () => {
  test.each(CASES)('$wire $behaviour stream=$stream', async ({ wire, behaviour, stream }) => {
    const server = await serve(wire, [{ behaviour, ...(behaviour === 'slow_success' ? { delayMs: 2 } : {}) }])
    check(wire, expectationFor(wire, behaviour, stream), await callSdk(wire, server.url, stream))
    const log = server.requestLog().filter((e) => e.call !== undefined)
    expect(log).toHaveLength(1)
    expect(log[0]!.behaviour).toBe(behaviour)
  })

  test('every behaviour but random and stall has an SDK expectation', () => {
    expect(Object.keys(EXPECT).sort()).toEqual(BEHAVIOUR_NAMES.filter((b) => b !== 'random' && b !== 'stall').sort())
  })
})

describe('provider-specific error facts reach the SDK', () => {
  test.each([
    { wire: 'anthropic' as const, behaviour: 'service_unavailable' as const, status: 529, code: 'overloaded_error' },
    { wire: 'openai-chat' as const, behaviour: 'context_overflow' as const, status: 400, code: 'context_length_exceeded' },
    { wire: 'openai-responses' as const, behaviour: 'quota_exceeded' as const, status: 429, code: 'insufficient_quota' },
    { wire: 'gemini' as const, behaviour: 'rate_limit' as const, status: 429, code: 'RESOURCE_EXHAUSTED' },
  ])('$wire $behaviour -> $status $code', async ({ wire, behaviour, status, code }) => {
    const server = await serve(wire, [{ behaviour }])
    expect(await callSdk(wire, server.url, true)).toMatchObject({ error: { status, code } })
  })

  test.each(WIRE_NAMES)('%s: Retry-After, status and message overrides are carried', async (wire) => {
    const server = await serve(wire, [{ behaviour: 'rate_limit', retryAfter: 7, message: 'slow down please' }, { behaviour: 'server_error', status: 502 }])
    const first = await callSdk(wire, server.url, true)
    expect(first).toMatchObject({ error: { status: 429, retryAfter: '7' } })
    expect('error' in first && first.error.message).toContain('slow down please')
    expect(await callSdk(wire, server.url, false)).toMatchObject({ error: { status: 502 } })
  })
})

describe('scripted parameters reach the SDK', () => {
  test.each(WIRE_NAMES)('%s: text, reasoning and two tool calls in one reply', async (wire) => {
    const toolCalls = [
      { id: 'call_a', name: 'write_file', arguments: { path: 'a.txt', content: 'hello world' } },
      { id: 'call_b', name: 'run', arguments: { command: 'ls -la' } },
    ]
    const server = await serve(wire, [{ behaviour: 'tool_call_success', text: 'Let me do that.', reasoning: 'Two steps.', chunkSize: 3, toolCalls }])
    const got = await callSdk(wire, server.url, true)
    expect(got).toMatchObject({
      ok: { text: 'Let me do that.', reasoning: 'Two steps.', toolCalls: toolCalls.map((t) => ({ id: t.id, name: t.name, args: t.arguments })) },
    })
  })

  test.each(WIRE_NAMES)('%s: partial_eof streams the partial text it was given before stopping', async (wire) => {
    const server = await serve(wire, [{ behaviour: 'partial_eof' }])
    const got = await callSdk(wire, server.url, true)
    if ('ok' in got) expect(got.ok.text).toBe(DEFAULT_PARTIAL_TEXT)
    else expect(got.error.status).toBeUndefined()
  })
})

describe('stall', () => {
  test.each(WIRE_NAMES)('%s: headers then silence until close() destroys it', async (wire) => {
    const server = await serve(wire, [{ behaviour: 'stall' }])
    const pending = callSdk(wire, server.url, true)
    await waitFor(() => server.calls().length === 1)
    await server.close()
    const got = await pending
    expect('error' in got || ('ok' in got && got.ok.finish === undefined)).toBe(true)
    await waitFor(() => server.requestLog().length === 1)
    expect(server.requestLog()[0]).toMatchObject({ behaviour: 'stall', outcome: 'stalled', status: 200 })
  })
})

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
