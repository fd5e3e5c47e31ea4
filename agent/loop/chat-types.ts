// The slice of the OpenAI chat-completions wire the agent speaks: request messages and the
// streamed chunk shape (validated, so a malformed event is reported instead of crashing).
import { z } from 'zod'

export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

export interface ChatTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

export interface ChatRequest {
  model: string
  messages: ChatMessage[]
  tools: ChatTool[]
  stream: true
  stream_options: { include_usage: true }
}

const toolCallDeltaSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
})

export const chatChunkSchema = z.looseObject({
  choices: z.array(
    z.looseObject({
      index: z.number().int().nonnegative().optional(),
      delta: z
        .looseObject({
          content: z.string().nullish(),
          reasoning_content: z.string().nullish(),
          tool_calls: z.array(toolCallDeltaSchema).nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z.looseObject({}).nullish(),
})
export type ChatChunk = z.infer<typeof chatChunkSchema>

/** An error object some providers send inside the stream instead of a chunk. */
export const streamErrorSchema = z.looseObject({
  error: z.looseObject({ message: z.string().optional(), code: z.union([z.string(), z.number()]).nullish(), type: z.string().nullish() }),
})
