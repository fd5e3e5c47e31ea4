// What every wire codec provides; the server picks one from the table in wire/index.ts.
import type { ERROR_BEHAVIOURS, WireName } from '../../../dsl/names.js'
import type { FinishReason, NeutralChunk, NeutralRequest, Usage } from '../neutral.js'

/** One server-sent event as eventsource-parser yields it. */
export interface SseEvent {
  event?: string | undefined
  data: string
}

/** What a model-call path says about the call: the model it names (Gemini puts it in the path) and whether it streams. */
export interface Route {
  model?: string
  stream?: boolean
}

export interface EncodeContext {
  /** 1-based model call number: used in generated ids so every call's ids differ yet replay identically. */
  call: number
  model: string
  /** Looked up ahead of time, since some wires announce input tokens before the first delta. */
  usage?: Usage
}

/** Encodes a neutral stream as SSE text, one piece per chunk; stateful because block indices depend on order. */
export interface StreamEncoder {
  start(): string
  chunk(chunk: NeutralChunk): string
  end(): string
}

/** Decodes an upstream SSE stream into neutral chunks as the events arrive. */
export interface StreamDecoder {
  push(event: SseEvent): NeutralChunk[]
  end(): NeutralChunk[]
}

/** The error behaviours, plus `not_found`: the answer to a path no codec routes. */
export type ErrorKind = (typeof ERROR_BEHAVIOURS)[number] | 'not_found'

/** How a wire spells one kind of error: HTTP status plus the provider's type/code names. */
export interface ErrorSpec {
  status: number
  type: string
  code?: string
  message: string
}

export interface Codec {
  wire: WireName
  /** The route of a model-call POST path (query string removed, any /v1 or /v1beta prefix kept), or undefined. */
  route(path: string): Route | undefined
  decodeRequest(body: unknown, route: Route): NeutralRequest
  encoder(ctx: EncodeContext): StreamEncoder
  /** The whole answer as one JSON body, for a request that did not ask to stream. */
  encodeJson(chunks: readonly NeutralChunk[], ctx: EncodeContext): unknown
  decoder(): StreamDecoder
  decodeJson(body: unknown): NeutralChunk[]
  errors: Record<ErrorKind, ErrorSpec>
  errorBody(spec: ErrorSpec, message: string, retryAfter?: number): unknown
  /** Well-formed JSON in a shape the provider never sends (sent as an SSE frame, or as the body). */
  malformedEvent(ctx: EncodeContext): { event?: string; data: unknown }
  /** The header carrying the API key on this wire, to swap in the real key when recording. */
  authHeader(apiKey: string): [string, string]
}

export const sse = (data: unknown, event?: string): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`

export const MALFORMED_JSON_FRAME = 'data: {not-json\n\n'

/** A neutral answer folded into its parts, for wires whose JSON body holds the whole message. */
export interface Collected {
  reasoning: string
  text: string
  toolCalls: { id: string; name: string; arguments: string }[]
  finish: FinishReason
  usage?: Usage
}

export function collect(chunks: readonly NeutralChunk[]): Collected {
  const out: Collected = { reasoning: '', text: '', toolCalls: [], finish: 'stop' }
  const byIndex = new Map<number, Collected['toolCalls'][number]>()
  for (const chunk of chunks) {
    if (chunk.type === 'text') out.text += chunk.text
    else if (chunk.type === 'reasoning') out.reasoning += chunk.text
    else if (chunk.type === 'tool_call_start') {
      const call = { id: chunk.id, name: chunk.name, arguments: '' }
      byIndex.set(chunk.index, call)
      out.toolCalls.push(call)
    } else if (chunk.type === 'tool_call_delta') {
      const call = byIndex.get(chunk.index)
      if (call) call.arguments += chunk.arguments
    } else if (chunk.type === 'finish') {
      out.finish = chunk.reason
      if (chunk.usage) out.usage = chunk.usage
    }
  }
  return out
}

/** Chunks for one whole tool call, as wires without argument streaming (and JSON bodies) carry them. */
export const wholeToolCall = (index: number, id: string, name: string, args: string): NeutralChunk[] => [
  { type: 'tool_call_start', index, id, name },
  ...(args === '' ? [] : [{ type: 'tool_call_delta' as const, index, arguments: args }]),
  { type: 'tool_call_end', index },
]

export const usageOf = (usage: Usage | undefined): Usage => usage ?? { inputTokens: 0, outputTokens: 0 }

/** Loose access into decoded JSON without a cast at every step. */
export type Json = Record<string, any>
export const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {})
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** Text of a string-or-parts content field (OpenAI content, Anthropic blocks, Responses summaries): the parts' `text` joined. */
export const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : arr(content).map((p) => str(obj(p).text) ?? '').join('')

/** The fields of a request body that are not model/system/messages/tools/stream: compared as `params`. */
export function rest(body: Json, known: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !known.includes(key)))
}

/** `data:image/png;base64,AAA` -> its parts, or a plain URL. */
export function imagePart(url: string): { type: 'image'; mimeType?: string; data?: string; url?: string } {
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url)
  return m ? { type: 'image', mimeType: m[1], data: m[2] } : { type: 'image', url }
}

/** Tool-call arguments as a JSON object, for wires that carry objects rather than strings. */
export function parseArgs(args: string): Record<string, unknown> {
  if (args.trim() === '') return {}
  try {
    return obj(JSON.parse(args))
  } catch {
    return {}
  }
}
