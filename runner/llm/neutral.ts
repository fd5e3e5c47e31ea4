// The provider-neutral model call: what every wire codec decodes requests into and encodes responses from.
import { z } from 'zod'
import { BEHAVIOUR_NAMES } from '../../dsl/names.js'
import { toolCallSpecSchema } from '../../dsl/schema.js'

export const partSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('reasoning'), text: z.string() }),
  z.strictObject({ type: z.literal('image'), mimeType: z.string().optional(), data: z.string().optional(), url: z.string().optional() }),
  z.strictObject({ type: z.literal('tool_call'), id: z.string(), name: z.string(), arguments: z.string() }),
  z.strictObject({
    type: z.literal('tool_result'),
    id: z.string(),
    name: z.string().optional(),
    content: z.string(),
    isError: z.boolean().optional(),
  }),
])
export type Part = z.infer<typeof partSchema>

export const messageSchema = z.strictObject({
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.array(partSchema),
})
export type NeutralMessage = z.infer<typeof messageSchema>

export const toolSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.unknown().optional(),
})
export type NeutralTool = z.infer<typeof toolSchema>

export const requestSchema = z.strictObject({
  model: z.string(),
  system: z.string(),
  messages: z.array(messageSchema),
  tools: z.array(toolSchema),
  /** Every other body field (temperature, max tokens, tool choice, metadata ...), as the wire spells it. */
  params: z.record(z.string(), z.unknown()),
  stream: z.boolean(),
})
export type NeutralRequest = z.infer<typeof requestSchema>

export const usageSchema = z.strictObject({ inputTokens: z.number().int(), outputTokens: z.number().int() })
export type Usage = z.infer<typeof usageSchema>

export const FINISH_REASONS = ['stop', 'length', 'tool_calls', 'content_filter'] as const
export type FinishReason = (typeof FINISH_REASONS)[number]

export const chunkSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('reasoning'), text: z.string() }),
  z.strictObject({ type: z.literal('tool_call_start'), index: z.number().int().nonnegative(), id: z.string(), name: z.string() }),
  z.strictObject({ type: z.literal('tool_call_delta'), index: z.number().int().nonnegative(), arguments: z.string() }),
  z.strictObject({ type: z.literal('tool_call_end'), index: z.number().int().nonnegative() }),
  z.strictObject({ type: z.literal('finish'), reason: z.enum(FINISH_REASONS), usage: usageSchema.optional() }),
])
export type NeutralChunk = z.infer<typeof chunkSchema>

/** The parameters a fault is replayed with: the scripted entry minus its bookkeeping fields. */
export const faultParamsSchema = z.strictObject({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  toolCalls: z.array(toolCallSpecSchema).optional(),
  chunkSize: z.number().int().positive().optional(),
  delayMs: z.number().int().nonnegative().optional(),
  disconnectAfterMs: z.number().int().nonnegative().optional(),
  retryAfter: z.number().nonnegative().optional(),
  status: z.number().int().min(100).max(599).optional(),
  message: z.string().optional(),
})
export type FaultParams = z.infer<typeof faultParamsSchema>

export const faultSchema = z.strictObject({
  behaviour: z.enum(BEHAVIOUR_NAMES).exclude(['random']),
  params: faultParamsSchema,
})
export type Fault = z.infer<typeof faultSchema>

export const responseSchema = z.discriminatedUnion('kind', [
  /** A streamed (or JSON) answer; `delayMs` paces each chunk so a slow stream replays slowly. */
  z.strictObject({ kind: z.literal('stream'), chunks: z.array(chunkSchema), delayMs: z.number().int().nonnegative().optional() }),
  z.strictObject({ kind: z.literal('fault'), fault: faultSchema }),
])
export type NeutralResponse = z.infer<typeof responseSchema>

/** Adjacent text/reasoning/argument deltas merged: what a client observes, independent of chunk boundaries. */
export function mergeChunks(chunks: readonly NeutralChunk[]): NeutralChunk[] {
  const out: NeutralChunk[] = []
  for (const chunk of chunks) {
    const last = out[out.length - 1]
    if (last && (chunk.type === 'text' || chunk.type === 'reasoning') && last.type === chunk.type) {
      out[out.length - 1] = { ...last, text: last.text + chunk.text }
    } else if (last && chunk.type === 'tool_call_delta' && last.type === 'tool_call_delta' && last.index === chunk.index) {
      out[out.length - 1] = { ...last, arguments: last.arguments + chunk.arguments }
    } else out.push(chunk)
  }
  return out
}
