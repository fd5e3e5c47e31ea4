// The permission-race rule on wire logs shaped like claude-agent-acp's, in both arrival orders.
import { describe, expect, it } from 'vitest'
import { settlePermissionRaces } from '../../runner/normalize/permission-races.js'
import type { WireMessage } from '../../runner/wire.js'

const update = (u: Record<string, unknown>): WireMessage => ({ from: 'agent', message: { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { toolCallId: 't1', ...u } } } })
const announced = update({ sessionUpdate: 'tool_call', status: 'pending', rawInput: {} })
const input = update({ sessionUpdate: 'tool_call_update', rawInput: { file_path: 'a' } })
const toolResponse = update({ sessionUpdate: 'tool_call_update', _meta: { toolResponse: {} } })
const completed = update({ sessionUpdate: 'tool_call_update', status: 'completed' })
const permission: WireMessage = { from: 'agent', message: { jsonrpc: '2.0', id: 0, method: 'session/request_permission', params: { sessionId: 's', toolCall: { toolCallId: 't1' } } } }
const answer: WireMessage = { from: 'client', message: { jsonrpc: '2.0', id: 0, result: { outcome: { outcome: 'selected', optionId: 'allow' } } } }
const promptResponse: WireMessage = { from: 'agent', message: { jsonrpc: '2.0', id: 3, result: { stopReason: 'end_turn' } } }

describe('settlePermissionRaces', () => {
  const canonical = [announced, input, permission, answer, toolResponse, completed, promptResponse]

  it('keeps the canonical order as it is', () => {
    expect(settlePermissionRaces(canonical)).toEqual(canonical)
  })

  it('puts an input update that lost the race back before the permission request', () => {
    expect(settlePermissionRaces([announced, permission, input, answer, toolResponse, completed, promptResponse])).toEqual(canonical)
    expect(settlePermissionRaces([announced, permission, answer, input, toolResponse, completed, promptResponse])).toEqual([announced, input, permission, answer, toolResponse, completed, promptResponse])
  })

  it('leaves updates after the call moved on, and other calls’ updates, where they are', () => {
    const other = { ...input, message: { ...input.message, params: { sessionId: 's', update: { toolCallId: 't2', sessionUpdate: 'tool_call_update', rawInput: {} } } } }
    const log = [announced, permission, answer, completed, input, other, promptResponse]
    expect(settlePermissionRaces(log)).toEqual(log)
  })
})
