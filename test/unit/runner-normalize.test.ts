import { describe, expect, it } from 'vitest'
import { canonicalizeAsyncUpdates } from '../../runner/normalize/async-updates.js'
import { renumberIds } from '../../runner/normalize/ids.js'
import { Normalizer } from '../../runner/normalize/index.js'
import { normalizeNumber } from '../../runner/normalize/numbers.js'
import { literalReplacer, portReplacer, replaceTimes, UuidNumbering } from '../../runner/normalize/strings.js'
import type { WireMessage } from '../../runner/wire.js'

const agent = (message: WireMessage['message']): WireMessage => ({ from: 'agent', message })
const client = (message: WireMessage['message']): WireMessage => ({ from: 'client', message })
const SID = '0b9f6a52-3c1e-4f7a-9d2b-8a1c2e3f4d5e'

describe('JSON-RPC ids', () => {
  it('renumbers numbers and UUID strings in first-seen order, keeping client and agent id spaces apart', () => {
    const out = renumberIds([
      agent({ jsonrpc: '2.0', id: 7, result: {} }),
      agent({ jsonrpc: '2.0', id: 'a1b2c3d4-0000-4000-8000-000000000001', method: 'session/request_permission', params: {} }),
      agent({ jsonrpc: '2.0', id: 7, method: 'fs/read_text_file', params: {} }),
      agent({ jsonrpc: '2.0', id: 9, result: {} }),
      agent({ jsonrpc: '2.0', method: 'session/update', params: {} }),
    ])
    expect(out.map((w) => w.message.id)).toEqual([1, 2, 3, 4, undefined])
  })
})

describe('string replacements', () => {
  it('replaces literals longest first', () => {
    const replace = literalReplacer([
      { value: '/tmp/x', placeholder: '{{sandbox}}' },
      { value: '/tmp/x/cwd', placeholder: '{{cwd}}' },
    ])
    expect(replace('/tmp/x/cwd/a.txt and /tmp/x/home')).toBe('{{cwd}}/a.txt and {{sandbox}}/home')
  })
  it('numbers UUIDs by first appearance, case-insensitively', () => {
    const n = new UuidNumbering()
    expect(n.replace('b2c3d4e5-0000-4000-8000-000000000002 then A1B2C3D4-0000-4000-8000-000000000001')).toBe('{{uuid-1}} then {{uuid-2}}')
    expect(n.replace('a1b2c3d4-0000-4000-8000-000000000001')).toBe('{{uuid-2}}')
  })
  it('replaces ISO times and millisecond epochs inside text', () => {
    expect(replaceTimes('at 2026-11-30T01:30:43.558Z, id write-1764466243558')).toBe('at {{time}}, id write-{{epoch}}')
  })
  it('replaces the port only in a loopback host', () => {
    expect(portReplacer(43123)('http://127.0.0.1:43123/v1 and 431234 and localhost:43123')).toBe('http://127.0.0.1:{{port}}/v1 and 431234 and localhost:{{port}}')
  })
  it('zeroes durations and pids and replaces epochs by key', () => {
    expect(normalizeNumber(1764466243558, 'startedAt')).toBe('{{epoch}}')
    expect(normalizeNumber(1234, 'durationMs')).toBe(0)
    expect(normalizeNumber(4242, 'pid')).toBe(0)
    expect(normalizeNumber(30000, 'timeoutMs')).toBe(30000)
    expect(normalizeNumber(3, undefined)).toBe(3)
  })
})

describe('Normalizer', () => {
  const log: WireMessage[] = [
    client({ jsonrpc: '2.0', id: 0, method: 'session/new', params: { cwd: '/tmp/s/cwd' } }),
    agent({ jsonrpc: '2.0', id: 0, result: { sessionId: SID } }),
    client({ jsonrpc: '2.0', id: 1, method: 'session/prompt', params: { sessionId: SID } }),
    agent({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: SID, update: { sessionUpdate: 'tool_call', toolCallId: 'c1', locations: [{ path: '/private/tmp/s/cwd/a.txt' }] } } }),
    agent({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: SID, update: { sessionUpdate: 'available_commands_update', availableCommands: [] } } }),
    agent({ jsonrpc: '2.0', id: 1, result: { stopReason: 'end_turn', _meta: { at: '2026-01-02T03:04:05Z', log: `/tmp/s/log/${SID}.jsonl` } } }),
  ]
  const normalizer = new Normalizer({
    paths: [
      { value: '/tmp/s/cwd', placeholder: '{{cwd}}' },
      { value: '/private/tmp/s/cwd', placeholder: '{{cwd}}' },
      { value: '/tmp/s/log', placeholder: '{{logDir}}' },
    ],
    rules: { replace: [{ pattern: 'end_turn', with: 'END' }], paths: [{ path: 'params.update.toolCallId', with: '{{tool}}' }], asyncUpdates: ['available_commands_update'] },
  })

  it('writes only agent lines, with placeholders, rules applied and async updates moved after session/new', () => {
    const lines = normalizer.transcript(log).trimEnd().split('\n').map((l) => JSON.parse(l))
    expect(lines).toEqual([
      { jsonrpc: '2.0', id: 1, result: { sessionId: '{{sessionId}}' } },
      { jsonrpc: '2.0', method: 'session/update', params: { sessionId: '{{sessionId}}', update: { sessionUpdate: 'available_commands_update', availableCommands: [] } } },
      { jsonrpc: '2.0', method: 'session/update', params: { sessionId: '{{sessionId}}', update: { sessionUpdate: 'tool_call', toolCallId: '{{tool}}', locations: [{ path: '{{cwd}}/a.txt' }] } } },
      { jsonrpc: '2.0', id: 2, result: { stopReason: 'END', _meta: { at: '{{time}}', log: '{{logDir}}/{{sessionId}}.jsonl' } } },
    ])
  })

  it('normalises session log lines with the same placeholders', () => {
    expect(normalizer.sessionLog([JSON.stringify({ type: 'session', sessionId: SID, cwd: '/tmp/s/cwd', time: '2026-01-02T03:04:05.123Z' })], [SID])).toBe(
      '{"type":"session","sessionId":"{{sessionId}}","cwd":"{{cwd}}","time":"{{time}}"}\n',
    )
  })

  it('leaves updates without a matching session start at the end', () => {
    const moved = canonicalizeAsyncUpdates([agent({ method: 'session/update', params: { sessionId: 'x', update: { sessionUpdate: 'available_commands_update' } } }), agent({ id: 1, result: {} })], ['available_commands_update'], new Map())
    expect(moved.map((w) => w.message.id ?? 'update')).toEqual([1, 'update'])
  })
})
