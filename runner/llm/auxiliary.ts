// Auxiliary model calls: side requests an agent makes around each turn (e.g. gemini-cli's routing
// classifier) that the server answers itself from the agent's preset, outside positional replay.
import { z } from 'zod'
import type { NeutralResponse } from './neutral.js'

export const auxiliaryCallSchema = z.strictObject({
  /** Why the agent makes this call; shown in the request log. */
  name: z.string().min(1),
  /** A regular expression matched against the request path (query removed), e.g. `:generateContent$`. */
  path: z.string().min(1),
  /** The whole text answer, encoded in the agent's wire format (JSON body or a stream, as requested). */
  text: z.string(),
})
export type AuxiliaryCall = z.infer<typeof auxiliaryCallSchema>

export interface AuxiliaryMatcher {
  /** The rule answering a POST to `path`, if any. */
  match(path: string): AuxiliaryCall | undefined
}

export function auxiliaryMatcher(calls: readonly AuxiliaryCall[]): AuxiliaryMatcher {
  const compiled = calls.map((call) => ({ call, pattern: new RegExp(call.path) }))
  return { match: (path) => compiled.find((c) => c.pattern.test(path))?.call }
}

export function auxiliaryResponse(call: AuxiliaryCall): NeutralResponse {
  return { kind: 'stream', chunks: [{ type: 'text', text: call.text }, { type: 'finish', reason: 'stop' }] }
}
