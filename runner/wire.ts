// JSON-RPC messages as they crossed the agent's stdio, tagged with who wrote them.
import type { Json } from './normalize/json-walk.js'

export type JsonObject = { [key: string]: Json }

export interface WireMessage {
  /** `agent` = a line of the agent's stdout; `client` = a line the runner wrote to its stdin. */
  from: 'agent' | 'client'
  message: JsonObject
}

export type MessageKind = 'request' | 'notification' | 'response' | 'invalid'

export function kindOf(m: JsonObject): MessageKind {
  const hasId = 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number')
  if (typeof m.method === 'string') return hasId ? 'request' : 'notification'
  if (hasId && ('result' in m || 'error' in m)) return 'response'
  return 'invalid'
}

/** Requests that start a session: its id is in their response, or (load, resume) in their params. */
export const SESSION_STARTS = /^session\/(new|load|resume)$/
/** Requests that reopen a session the client names in their params. */
export const SESSION_REOPENS = /^session\/(load|resume)$/

/** The `session/update` kind (`agent_message_chunk`, `tool_call` ...) of a notification, if it is one. */
export function updateKind(m: JsonObject): string | undefined {
  if (m.method !== 'session/update') return undefined
  const update = (m.params as JsonObject | undefined)?.update as JsonObject | undefined
  return typeof update?.sessionUpdate === 'string' ? update.sessionUpdate : undefined
}

export const paramsOf = (m: JsonObject): JsonObject => (m.params && typeof m.params === 'object' && !Array.isArray(m.params) ? (m.params as JsonObject) : {})
export const resultOf = (m: JsonObject): JsonObject => (m.result && typeof m.result === 'object' && !Array.isArray(m.result) ? (m.result as JsonObject) : {})
