// Some agents (claude-agent-acp) stream a tool call's input as a `tool_call_update` while, concurrently, asking
// permission for that call: the two race. Canonical order: the input update first, then the permission request.
import type { JsonObject, WireMessage } from '../wire.js'
import { kindOf, paramsOf, updateKind } from '../wire.js'

const toolCallIdOf = (m: JsonObject): unknown => {
  const params = paramsOf(m)
  const holder = (m.method === 'session/update' ? params.update : params.toolCall) as JsonObject | undefined
  return holder?.toolCallId
}

const isPermissionRequest = (w: WireMessage): boolean => w.from === 'agent' && kindOf(w.message) === 'request' && w.message.method === 'session/request_permission'

/** A `tool_call_update` that fills in the call's input and sets no status (one with a status moves the call on). */
function isInputUpdate(w: WireMessage, id: unknown): boolean {
  if (w.from !== 'agent' || updateKind(w.message) !== 'tool_call_update' || toolCallIdOf(w.message) !== id) return false
  const update = paramsOf(w.message).update as JsonObject
  return 'rawInput' in update && !('status' in update)
}

/** Moves the input updates of a call that follow its permission request (before any other agent message about it) ahead of the request. */
export function settlePermissionRaces(messages: WireMessage[]): WireMessage[] {
  const out = messages.slice()
  for (let i = 0; i < out.length; i++) {
    const request = out[i]!
    if (!isPermissionRequest(request)) continue
    const id = toolCallIdOf(request.message)
    if (id === undefined) continue
    const moving: WireMessage[] = []
    for (let j = i + 1; j < out.length; j++) {
      const w = out[j]!
      if (w.from !== 'agent') continue
      if (isInputUpdate(w, id)) moving.push(w)
      else if (toolCallIdOf(w.message) === id || kindOf(w.message) === 'response' || isPermissionRequest(w)) break
    }
    for (const w of moving) out.splice(out.indexOf(w), 1)
    out.splice(i, 0, ...moving)
    i += moving.length
  }
  return out
}
