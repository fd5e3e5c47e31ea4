// Each wire codec round-trips neutral chunks through its SSE stream and its JSON body, and decodes requests.
import { createParser } from 'eventsource-parser'
import { describe, expect, test } from 'vitest'
import { WIRE_NAMES, type WireName } from '../../dsl/names.js'
import { mergeChunks, type NeutralChunk } from '../../runner/llm/neutral.js'
import { CODECS } from '../../runner/llm/wire/index.js'

const usage = { inputTokens: 12, outputTokens: 7 }
const ctx = { call: 3, model: 'test-model', usage }

const STREAMS: Record<string, NeutralChunk[]> = {
  text: [{ type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }, { type: 'finish', reason: 'stop', usage }],
  reasoning: [
    { type: 'reasoning', text: 'Think' },
    { type: 'reasoning', text: 'ing' },
    { type: 'text', text: 'Done.' },
    { type: 'finish', reason: 'stop', usage },
  ],
  tools: [
    { type: 'text', text: 'Calling.' },
    { type: 'tool_call_start', index: 0, id: 'call_a', name: 'read_file' },
    { type: 'tool_call_delta', index: 0, arguments: '{"path":' },
    { type: 'tool_call_delta', index: 0, arguments: '"a.txt"}' },
    { type: 'tool_call_end', index: 0 },
    { type: 'tool_call_start', index: 1, id: 'call_b', name: 'run' },
    { type: 'tool_call_delta', index: 1, arguments: '{"command":"ls"}' },
    { type: 'tool_call_end', index: 1 },
    { type: 'finish', reason: 'tool_calls', usage },
  ],
  length: [{ type: 'text', text: 'Cut sh' }, { type: 'finish', reason: 'length', usage }],
}

function encodeSse(wire: WireName, chunks: NeutralChunk[]): string {
  const encoder = CODECS[wire].encoder(ctx)
  return encoder.start() + chunks.map((c) => encoder.chunk(c)).join('') + encoder.end()
}

function decodeSse(wire: WireName, text: string): NeutralChunk[] {
  const decoder = CODECS[wire].decoder()
  const out: NeutralChunk[] = []
  const parser = createParser({ onEvent: (event) => out.push(...decoder.push(event)) })
  // Fed in small pieces, as a socket would deliver it.
  for (let i = 0; i < text.length; i += 7) parser.feed(text.slice(i, i + 7))
  return [...out, ...decoder.end()]
}

const CASES = WIRE_NAMES.flatMap((wire) => Object.keys(STREAMS).map((name) => ({ wire, name })))

describe('neutral -> wire -> neutral', () => {
  test.each(CASES)('$wire SSE round trip: $name', ({ wire, name }) => {
    const chunks = STREAMS[name]!
    expect(mergeChunks(decodeSse(wire, encodeSse(wire, chunks)))).toEqual(mergeChunks(chunks))
  })

  test.each(CASES)('$wire JSON body round trip: $name', ({ wire, name }) => {
    const chunks = STREAMS[name]!
    const body = JSON.parse(JSON.stringify(CODECS[wire].encodeJson(chunks, ctx)))
    expect(mergeChunks(CODECS[wire].decodeJson(body))).toEqual(mergeChunks(chunks))
  })

  test.each(WIRE_NAMES)('%s error body carries the message and the provider type', (wire) => {
    const codec = CODECS[wire]
    const body = JSON.stringify(codec.errorBody(codec.errors.rate_limit, 'slow down', 3))
    expect(body).toContain('slow down')
    expect(body).toContain(codec.errors.rate_limit.code ?? codec.errors.rate_limit.type)
  })
})

describe('wire-specific encodings', () => {
  test('openai-chat streams chat.completion.chunk objects and ends with [DONE]', () => {
    const text = encodeSse('openai-chat', STREAMS.tools!)
    expect(text).toContain('"object":"chat.completion.chunk"')
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })
  test('anthropic names each event and stops the message', () => {
    const text = encodeSse('anthropic', STREAMS.tools!)
    const events = [...text.matchAll(/^event: (\S+)/gm)].map((m) => m[1])
    expect(events[0]).toBe('message_start')
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop'])
    expect(text).toContain('"stop_reason":"tool_use"')
    expect(text).toContain('"input_json_delta"')
  })
  test('openai-responses announces items and completes the response', () => {
    const text = encodeSse('openai-responses', STREAMS.tools!)
    expect(text).toContain('event: response.created')
    expect(text).toContain('event: response.function_call_arguments.delta')
    expect(text).toContain('event: response.completed')
    expect(encodeSse('openai-responses', STREAMS.length!)).toContain('event: response.incomplete')
  })
  test('gemini sends whole function calls with object arguments', () => {
    const text = encodeSse('gemini', STREAMS.tools!)
    expect(text).toContain('"functionCall":{"id":"call_a","name":"read_file","args":{"path":"a.txt"}}')
    expect(text).toContain('"finishReason":"STOP"')
  })
})

describe('routes', () => {
  test.each([
    ['openai-chat', '/v1/chat/completions', {}],
    ['openai-chat', '/chat/completions', {}],
    ['openai-responses', '/v1/responses', {}],
    ['anthropic', '/v1/messages', {}],
    ['anthropic', '/messages', {}],
    ['gemini', '/v1beta/models/gemini-2.5-pro:streamGenerateContent', { model: 'gemini-2.5-pro', stream: true }],
    ['gemini', '/models/gemini-lite:generateContent', { model: 'gemini-lite', stream: false }],
  ] as const)('%s accepts %s', (wire, path, route) => {
    expect(CODECS[wire].route(path)).toEqual(route)
  })
  test.each([
    ['openai-chat', '/v1/models'],
    ['anthropic', '/'],
    ['gemini', '/v1beta/models/x:countTokens'],
  ] as const)('%s rejects %s', (wire, path) => {
    expect(CODECS[wire].route(path)).toBeUndefined()
  })
})

describe('request decoding', () => {
  const tool = { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }
  const expected = {
    model: 'm',
    system: 'Be brief.',
    tools: [tool],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'read a.txt' }] },
      { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' }] },
      { role: 'tool', content: [{ type: 'tool_result', id: 'c1', content: 'hello' }] },
    ],
  }
  test('openai-chat', () => {
    const r = CODECS['openai-chat'].decodeRequest(
      {
        model: 'm',
        stream: true,
        temperature: 0,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'read a.txt' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }] },
          { role: 'tool', tool_call_id: 'c1', content: 'hello' },
        ],
        tools: [{ type: 'function', function: tool }],
      },
      {},
    )
    expect(r).toEqual({ ...expected, params: { temperature: 0 }, stream: true })
  })
  test('openai-responses', () => {
    const r = CODECS['openai-responses'].decodeRequest(
      {
        model: 'm',
        stream: true,
        instructions: 'Be brief.',
        input: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'read a.txt' }] },
          { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' },
          { type: 'function_call_output', call_id: 'c1', output: 'hello' },
        ],
        tools: [{ type: 'function', ...tool }],
        store: false,
      },
      {},
    )
    expect(r).toEqual({ ...expected, params: { store: false }, stream: true })
  })
  test('anthropic', () => {
    const r = CODECS.anthropic.decodeRequest(
      {
        model: 'm',
        max_tokens: 100,
        stream: true,
        system: [{ type: 'text', text: 'Be brief.' }],
        messages: [
          { role: 'user', content: 'read a.txt' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'a.txt' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'hello' }] },
        ],
        tools: [{ name: 'read_file', description: 'Read a file', input_schema: tool.parameters }],
      },
      {},
    )
    expect(r).toEqual({ ...expected, params: { max_tokens: 100 }, stream: true })
  })
  test('gemini (model and streaming from the path)', () => {
    const r = CODECS.gemini.decodeRequest(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'read a.txt' }] },
          { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: { path: 'a.txt' } } }] },
          { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'hello' } } }] },
        ],
        tools: [{ functionDeclarations: [{ name: 'read_file', description: 'Read a file', parametersJsonSchema: tool.parameters }] }],
        generationConfig: { temperature: 0 },
      },
      { model: 'm', stream: true },
    )
    expect(r).toEqual({
      ...expected,
      messages: [
        expected.messages[0],
        expected.messages[1],
        { role: 'tool', content: [{ type: 'tool_result', id: 'c1', name: 'read_file', content: '{"output":"hello"}' }] },
      ],
      params: { generationConfig: { temperature: 0 } },
      stream: true,
    })
  })
})
