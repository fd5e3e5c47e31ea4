// Pure accumulation of streamed chat chunks into one assistant step.
import type { ChatChunk, ChatToolCall } from './chat-types.js'

export interface StreamState {
  text: string
  reasoning: string
  /** Tool calls keyed by the chunk's `index`; arguments arrive split across chunks. */
  toolCalls: Map<number, ChatToolCall>
  finishReason: string | undefined
  usage: unknown
}

export type Delta = { kind: 'text'; text: string } | { kind: 'reasoning'; text: string }

export function emptyStreamState(): StreamState {
  return { text: '', reasoning: '', toolCalls: new Map(), finishReason: undefined, usage: undefined }
}

/** Folds one chunk into the state (mutating it) and returns the deltas to show the user. */
export function applyChunk(state: StreamState, chunk: ChatChunk): Delta[] {
  const deltas: Delta[] = []
  if (chunk.usage) state.usage = chunk.usage
  for (const choice of chunk.choices) {
    const delta = choice.delta
    if (delta?.reasoning_content) {
      state.reasoning += delta.reasoning_content
      deltas.push({ kind: 'reasoning', text: delta.reasoning_content })
    }
    if (delta?.content) {
      state.text += delta.content
      deltas.push({ kind: 'text', text: delta.content })
    }
    for (const call of delta?.tool_calls ?? []) {
      const current = state.toolCalls.get(call.index) ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } }
      if (call.id) current.id = call.id
      if (call.function?.name) current.function.name += call.function.name
      if (call.function?.arguments) current.function.arguments += call.function.arguments
      state.toolCalls.set(call.index, current)
    }
    if (choice.finish_reason) state.finishReason = choice.finish_reason
  }
  return deltas
}

/** Tool calls in index order, with an id generated for any the provider left without one. */
export function finishedToolCalls(state: StreamState, fallbackId: (index: number) => string): ChatToolCall[] {
  return [...state.toolCalls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || fallbackId(index) }))
}
