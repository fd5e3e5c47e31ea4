// session/update kinds that arrive asynchronously are moved to a canonical place: right after the
// session/new (or load/resume) response that created their session, in their arrival order.
import type { WireMessage, JsonObject } from '../wire.js'
import { kindOf, paramsOf, resultOf, updateKind } from '../wire.js'

export function canonicalizeAsyncUpdates(messages: WireMessage[], kinds: string[], sessionStarts: Map<string, unknown>): WireMessage[] {
  if (kinds.length === 0) return messages
  const moving = (w: WireMessage): boolean => w.from === 'agent' && kinds.includes(updateKind(w.message) ?? '')
  const moved = messages.filter(moving)
  if (moved.length === 0) return messages
  const rest = messages.filter((w) => !moving(w))
  const out: WireMessage[] = []
  const placed = new Set<WireMessage>()
  for (const w of rest) {
    out.push(w)
    const sessionId = startedSession(w, sessionStarts)
    if (sessionId === undefined) continue
    for (const m of moved) {
      if (!placed.has(m) && paramsOf(m.message).sessionId === sessionId) {
        out.push(m)
        placed.add(m)
      }
    }
  }
  for (const m of moved) if (!placed.has(m)) out.push(m)
  return out
}

/** The session id a response created, when `w` answers a request listed in `sessionStarts` (id -> method). */
function startedSession(w: WireMessage, sessionStarts: Map<string, unknown>): string | undefined {
  if (w.from !== 'agent' || kindOf(w.message) !== 'response') return undefined
  if (!sessionStarts.has(JSON.stringify(w.message.id))) return undefined
  const id = (resultOf(w.message) as JsonObject).sessionId
  return typeof id === 'string' ? id : (sessionStarts.get(JSON.stringify(w.message.id)) as string | undefined)
}
