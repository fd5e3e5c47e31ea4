// Where each model call's answer comes from when it is not proxied: a scripted entry list or a cassette.
import type { LlmEntry } from '../../dsl/schema.js'
import {
  DEFAULT_RANDOM_WEIGHTS,
  faultParams,
  respond,
  seededRandom,
  weightedPick,
  type ConcreteBehaviour,
} from './behaviours/index.js'
import type { CassetteCall } from './cassette.js'
import { compareRequests } from './drift.js'
import type { NeutralRequest, NeutralResponse } from './neutral.js'
import type { LlmProblem } from './problems.js'

export interface Served {
  response: NeutralResponse
  /** The behaviour served, for the request log (`random` resolved; a replayed call names its fault or `stream`). */
  behaviour: string
  problem?: LlmProblem
}

export interface CallSource {
  /** True when call `call` is to be refused before its request is even read. */
  refuses(call: number): boolean
  /** The answer to call `call`, or undefined past the end. */
  serve(call: number, request: NeutralRequest): Served | undefined
  unconsumed(used: number): LlmProblem | undefined
}

const behaviourOf = (response: NeutralResponse): string => (response.kind === 'fault' ? response.fault.behaviour : 'stream')

const unconsumedProblem = (used: number, total: number, what: string): LlmProblem | undefined =>
  used >= total
    ? undefined
    : {
        kind: 'unconsumed',
        used,
        total,
        message: `only ${used} of ${total} ${what} were requested; the agent stopped calling the model early (${total - used} left unused)`,
      }

/** Scripted entries in order; past the end, the last entry marked `repeat` answers every request. */
export function scriptSource(entries: readonly LlmEntry[]): CallSource {
  const repeat = [...entries].reverse().find((e) => e.repeat)
  const generators = new Map<LlmEntry, () => number>()
  const entryFor = (call: number): LlmEntry | undefined => entries[call - 1] ?? repeat
  const resolve = (entry: LlmEntry): ConcreteBehaviour => {
    if (entry.behaviour !== 'random') return entry.behaviour
    let next = generators.get(entry)
    if (!next) generators.set(entry, (next = seededRandom(entry.seed ?? 0)))
    return weightedPick(entry.weights ?? DEFAULT_RANDOM_WEIGHTS, next())
  }
  return {
    refuses: (call) => entryFor(call)?.behaviour === 'connection_refused',
    serve(call, request) {
      const entry = entryFor(call)
      if (!entry) return undefined
      const behaviour = resolve(entry)
      return { response: respond(behaviour, faultParams(entry), { call, request }), behaviour }
    },
    unconsumed: (used) => unconsumedProblem(Math.min(used, entries.length), entries.length, 'scripted model calls'),
  }
}

/** A cassette replayed positionally; each request is compared with the recorded one, drift served anyway. */
export function cassetteSource(calls: readonly CassetteCall[], scenario?: string): CallSource {
  const isRefusal = (call: CassetteCall | undefined) =>
    call?.response.kind === 'fault' && call.response.fault.behaviour === 'connection_refused'
  return {
    refuses: (call) => isRefusal(calls[call - 1]),
    serve(call, request) {
      const recorded = calls[call - 1]
      if (!recorded) return undefined
      const problem = compareRequests(call, recorded.request, request, scenario)
      return { response: recorded.response, behaviour: behaviourOf(recorded.response), ...(problem ? { problem } : {}) }
    },
    unconsumed: (used) => unconsumedProblem(used, calls.length, 'recorded model calls in llm.jsonl'),
  }
}
