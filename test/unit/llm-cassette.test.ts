// llm.jsonl parsing and serialising, drift comparison, and the behaviour table's pure parts.
import { describe, expect, test } from 'vitest'
import { BEHAVIOUR_NAMES } from '../../dsl/names.js'
import { BEHAVIOURS, respond, seededRandom, weightedPick } from '../../runner/llm/behaviours/index.js'
import { parseCassette, serializeCassette, type Cassette } from '../../runner/llm/cassette.js'
import { compareRequests } from '../../runner/llm/drift.js'
import type { NeutralRequest } from '../../runner/llm/neutral.js'
import { scrubSecrets } from '../../runner/llm/server.js'

const request: NeutralRequest = {
  model: 'm',
  system: 'You are helpful.\nBe brief.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [{ name: 'read_file', parameters: { type: 'object' } }],
  params: { temperature: 0 },
  stream: true,
}
const cassette: Cassette = {
  header: { version: 1, wire: 'anthropic', recordedAt: '2025-01-01T00:00:00.000Z', source: 'scripted', model: 'm' },
  calls: [
    { request, response: { kind: 'stream', chunks: [{ type: 'text', text: 'Hello' }, { type: 'finish', reason: 'stop' }], delayMs: 5 } },
    { request, response: { kind: 'fault', fault: { behaviour: 'rate_limit', params: { retryAfter: 2 } } } },
  ],
}

describe('llm.jsonl', () => {
  test('serialise -> parse -> serialise is stable, one line per call and per chunk', () => {
    const text = serializeCassette(cassette)
    expect(text.endsWith('\n')).toBe(true)
    expect(text.trimEnd().split('\n')).toHaveLength(1 + 1 + 2 + 1)
    const parsed = parseCassette(text, 'llm.jsonl')
    expect(parsed).toEqual(cassette)
    expect(serializeCassette(parsed)).toBe(text)
  })

  test.each([
    ['', 'llm.jsonl:1: expected a header line'],
    ['{"type":"header","version":2,"wire":"anthropic","recordedAt":"x","source":"scripted"}\n', 'llm.jsonl:1: expected the header line'],
    [serializeCassette(cassette).replace('"call":2', '"call":5'), 'llm.jsonl:5: expected call 2, found call 5'],
    [serializeCassette(cassette) + 'not json\n', 'llm.jsonl:6: expected one JSON object per line'],
    [serializeCassette(cassette) + '{"type":"chunk","call":2,"chunk":{"type":"text","text":"x"}}\n', 'llm.jsonl:6: expected no chunks after call 2'],
    [serializeCassette(cassette).replace('"reason":"stop"', '"reason":"done"'), 'llm.jsonl:4: expected a {"type":"call",...} or {"type":"chunk",...} line: chunk.reason'],
  ])('parse error %#', (text, message) => {
    expect(() => parseCassette(text, 'llm.jsonl')).toThrow(message)
  })
})

describe('drift', () => {
  test('an equal request is no drift', () => {
    expect(compareRequests(1, request, structuredClone(request))).toBeUndefined()
  })
  test('names every changed part with a short diff and a re-record hint', () => {
    const problem = compareRequests(3, request, { ...request, system: 'You are helpful.\nBe verbose.', params: { temperature: 1 } }, 'hello')
    expect(problem?.kind).toBe('drift')
    expect(problem && 'parts' in problem && problem.parts.map((p) => p.part)).toEqual(['system', 'params'])
    expect(problem?.message).toBe('model call #3: system prompt and request parameters differ from llm.jsonl (re-record with `acp-scenario record hello`)')
    const diff = problem && 'parts' in problem ? problem.parts[0]!.diff : ''
    expect(diff).toContain('-Be brief.')
    expect(diff).toContain('+Be verbose.')
  })
  test.each([
    [{ ...request, model: 'other-model' }, 'model differs'],
    [{ ...request, system: 'Be verbose.' }, 'system prompt differs'],
    [{ ...request, tools: [] }, 'tool schemas differ'],
    [{ ...request, params: { temperature: 1 } }, 'request parameters differ'],
  ])('one changed part takes the verb its label agrees with (%#)', (received, phrase) => {
    expect(compareRequests(1, request, received)?.message).toBe(`model call #1: ${phrase} from llm.jsonl (re-record with \`acp-scenario record\`)`)
  })
})

describe('behaviours', () => {
  test('the table covers every behaviour name but random', () => {
    expect(Object.keys(BEHAVIOURS).sort()).toEqual(BEHAVIOUR_NAMES.filter((b) => b !== 'random').sort())
  })
  test.each(BEHAVIOUR_NAMES.filter((b) => b !== 'random'))('%s responds as chunks or as a replayable fault', (behaviour) => {
    const response = respond(behaviour, { text: 'abcdefghij', chunkSize: 4 }, { call: 1, request })
    if (BEHAVIOURS[behaviour].kind === 'chunks') {
      expect(response.kind).toBe('stream')
      expect(response.kind === 'stream' && response.chunks.at(-1)?.type).toBe('finish')
    } else expect(response).toEqual({ kind: 'fault', fault: { behaviour, params: { text: 'abcdefghij', chunkSize: 4 } } })
  })
  test('text is split by chunkSize and tool arguments arrive in at least two deltas', () => {
    const r = respond('tool_call_success', { text: 'abcdefghij', chunkSize: 4, toolCalls: [{ name: 't', arguments: { a: 1 } }] }, { call: 2, request })
    expect(r.kind === 'stream' && r.chunks.map((c) => c.type)).toEqual([
      'text', 'text', 'text', 'tool_call_start', 'tool_call_delta', 'tool_call_delta', 'tool_call_end', 'finish',
    ])
    expect(r.kind === 'stream' && r.chunks[3]).toEqual({ type: 'tool_call_start', index: 0, id: 'call_2_0', name: 't' })
  })
  test('slow_success paces its chunks; max_tokens finishes with length', () => {
    expect(respond('slow_success', {}, { call: 1, request })).toMatchObject({ kind: 'stream', delayMs: 20 })
    const r = respond('max_tokens', {}, { call: 1, request })
    expect(r.kind === 'stream' && r.chunks.at(-1)).toMatchObject({ type: 'finish', reason: 'length' })
  })
  test('random: the same seed picks the same sequence, weights are honoured', () => {
    const pick = (seed: number) => {
      const next = seededRandom(seed)
      return Array.from({ length: 20 }, () => weightedPick({ success: 1, rate_limit: 1, stall: 0 }, next()))
    }
    expect(pick(7)).toEqual(pick(7))
    expect(new Set(pick(7))).toEqual(new Set(['success', 'rate_limit']))
    expect(pick(7)).not.toEqual(pick(8))
    expect(() => weightedPick({ success: 0 }, 0.5)).toThrow('every weight is zero')
  })
  test('secrets are scrubbed from every string, longest first', () => {
    expect(scrubSecrets({ a: ['key sk-123456 and sk-123'] }, ['sk-123', 'sk-123456'])).toEqual({ a: ['key {{secret}} and {{secret}}'] })
  })
})
