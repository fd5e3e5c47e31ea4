// JSON-RPC ids renumbered in first-seen order, per id space, so counters and UUID ids compare stably.
import type { WireMessage, JsonObject } from '../wire.js'
import { kindOf } from '../wire.js'

/**
 * Requests the agent sends carry ids from the agent's space; responses the agent sends carry
 * the client's ids. The two spaces are numbered with one counter, keyed by space, so a client
 * id 1 and an agent id 1 stay distinct.
 */
export function renumberIds(messages: WireMessage[]): WireMessage[] {
  const numbers = new Map<string, number>()
  const number = (space: string, id: unknown): number => {
    const key = `${space}:${JSON.stringify(id)}`
    let n = numbers.get(key)
    if (n === undefined) {
      n = numbers.size + 1
      numbers.set(key, n)
    }
    return n
  }
  return messages.map((w) => {
    const kind = kindOf(w.message)
    if (kind !== 'request' && kind !== 'response') return w
    const requester = kind === 'request' ? w.from : w.from === 'agent' ? 'client' : 'agent'
    const message: JsonObject = { ...w.message, id: number(requester, w.message.id) }
    return { ...w, message }
  })
}
