import { describe, expect, it } from 'vitest'
import { checkProtocol, classify } from '../../runner/protocol-checks.js'
import type { WireMessage } from '../../runner/wire.js'

const c = (message: Record<string, unknown>): WireMessage => ({ from: 'client', message: { jsonrpc: '2.0', ...message } as WireMessage['message'] })
const a = (message: Record<string, unknown>): WireMessage => ({ from: 'agent', message: { jsonrpc: '2.0', ...message } as WireMessage['message'] })
const update = (sessionId: string, u: Record<string, unknown>): WireMessage => a({ method: 'session/update', params: { sessionId, update: u } })

const good: WireMessage[] = [
  c({ id: 0, method: 'session/new', params: {} }),
  a({ id: 0, result: { sessionId: 's' } }),
  c({ id: 1, method: 'session/prompt', params: { sessionId: 's' } }),
  update('s', { sessionUpdate: 'tool_call', toolCallId: 't' }),
  a({ id: 'p1', method: 'session/request_permission', params: { sessionId: 's' } }),
  c({ id: 'p1', result: { outcome: { outcome: 'cancelled' } } }),
  update('s', { sessionUpdate: 'tool_call_update', toolCallId: 't' }),
  a({ id: 1, result: { stopReason: 'end_turn' } }),
]

describe('checkProtocol', () => {
  it('accepts a well-formed exchange', () => {
    expect(checkProtocol(good)).toEqual([])
  })
  it('names each violation by its check', () => {
    const bad: WireMessage[] = [
      ...good.slice(0, 3),
      update('other', { sessionUpdate: 'agent_message_chunk' }),
      update('s', { sessionUpdate: 'tool_call_update', toolCallId: 'never' }),
      a({ id: 1, result: { stopReason: 'done' } }),
      a({ id: 1, result: { stopReason: 'end_turn' } }),
      update('s', { sessionUpdate: 'agent_message_chunk' }),
      update('s', { sessionUpdate: 'available_commands_update' }),
      a({ id: 99, result: {} }),
      a({ id: 'r', method: 'fs/read_text_file', params: {} }),
      a({ hello: 1 }),
    ]
    const found = checkProtocol(bad, ['available_commands_update'])
    expect(found.map((v) => v.check)).toEqual([
      'known-session',
      'tool-call-order',
      'stop-reason',
      'request-answered',
      'update-after-turn',
      'request-answered',
      'json-rpc',
      'request-answered',
    ])
    expect(found.at(-1)!.message).toBe('fs/read_text_file (id "r") from the agent was never answered')
  })
  it('downgrades named checks to warnings', () => {
    const { failures, warnings } = classify([{ check: 'stop-reason', message: 'x' }, { check: 'known-session', message: 'y' }], ['stop-reason'])
    expect(failures.map((v) => v.check)).toEqual(['known-session'])
    expect(warnings.map((v) => v.check)).toEqual(['stop-reason'])
  })
})
