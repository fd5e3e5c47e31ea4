// Helpers that build scripted model calls for `.llm(...)`; each remembers where it was written.
import { captureSite } from './callsite.js'
import { defined } from './defined.js'
import { ENTRY_SITE } from './draft.js'
import type { BehaviourName } from './names.js'
import type { LlmEntry, LlmParams, ToolCallSpec } from './types.js'

type ToolArguments = Record<string, unknown> | string

/** Attaches the call site without making it part of the entry's data (non-enumerable). */
function sited(entry: LlmEntry): LlmEntry {
  return Object.defineProperty(defined(entry), ENTRY_SITE, { value: captureSite(), enumerable: false })
}

/** The model answers with `text`. */
export function reply(text: string, params?: LlmParams): LlmEntry {
  return sited({ behaviour: 'success', text, ...params })
}

/**
 * The model streams reasoning first; `then` is the rest of the same model turn: a reply text, or a
 * `reply()` / `toolCall()` / `toolCalls()` entry whose text and tool calls are carried over.
 */
export function reasoning(text: string, then?: string | LlmEntry, params?: LlmParams): LlmEntry {
  const rest = typeof then === 'string' ? { text: then } : { text: then?.text, toolCalls: then?.toolCalls }
  return sited({ behaviour: 'reasoning_success', reasoning: text, ...rest, ...params })
}

/** The model calls one tool. */
export function toolCall(name: string, args: ToolArguments, params?: LlmParams & { id?: string }): LlmEntry {
  const { id, ...rest } = params ?? {}
  return sited({ behaviour: 'tool_call_success', toolCalls: [{ ...(id ? { id } : {}), name, arguments: args }], ...rest })
}

/** The model calls several tools in one turn: pass `toolCall()` entries or `{ name, arguments }` specs. */
export function toolCalls(calls: ReadonlyArray<LlmEntry | ToolCallSpec>, params?: LlmParams): LlmEntry {
  const specs = calls.flatMap((call) => ('behaviour' in call ? (call.toolCalls ?? []) : [call]))
  return sited({ behaviour: 'tool_call_success', toolCalls: specs, ...params })
}

/** Any mock behaviour by name (`rate_limit`, `stall`, `stream_disconnect`, ...) with its parameters. */
export function behaviour(name: BehaviourName, params?: Omit<LlmEntry, 'behaviour'>): LlmEntry {
  return sited({ behaviour: name, ...params })
}
