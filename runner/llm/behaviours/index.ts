// The scripted behaviours as one table: success-like ones become neutral chunks (so a scripted cassette replays
// exactly like an upstream one); the others are faults, played by play.ts in whichever wire is being served.
import type { BehaviourName } from '../../../dsl/names.js'
import type { LlmEntry, ToolCallSpec } from '../../../dsl/schema.js'
import type { FaultParams, FinishReason, NeutralChunk, NeutralRequest, NeutralResponse } from '../neutral.js'
import type { ErrorKind } from '../wire/types.js'

export const DEFAULT_TEXT = 'Hello from the loopback model.'
export const DEFAULT_PARTIAL_TEXT = 'Hello from the loop'
export const DEFAULT_REASONING = 'Thinking it through.'
export const DEFAULT_TOOL_CALL: ToolCallSpec = { name: 'read_file', arguments: { path: 'README.md' } }
export const DEFAULT_CHUNK_SIZE = 16
export const DEFAULT_SLOW_DELAY_MS = 20
export const DEFAULT_DISCONNECT_MS = 20

/** How a fault's body is played (see play.ts). `body` is what is sent, `ending` how the response stops. */
export type FaultPlay =
  | { play: 'refuse' }
  | { play: 'reset' }
  | { play: 'error'; error: ErrorKind; retryAfter?: number }
  | {
      play: 'stream'
      body: 'none' | 'start' | 'partial' | 'full' | 'malformed_json' | 'malformed_event'
      ending: 'end' | 'destroy' | 'stall'
      /** Content-Types sent instead of the right ones (wrong_content_type), for a stream and for a JSON body. */
      contentType?: { stream: string; json: string }
      /** Milliseconds to wait after the body before a `destroy` ending, unless disconnectAfterMs says otherwise. */
      waitMs?: number
    }

type ChunkBuilder = (p: FaultParams, ctx: BuildContext) => { chunks: NeutralChunk[]; delayMs?: number }
export type Behaviour = { kind: 'chunks'; build: ChunkBuilder } | { kind: 'fault'; fault: FaultPlay }
export type ConcreteBehaviour = Exclude<BehaviourName, 'random'>

export interface BuildContext {
  call: number
  request: NeutralRequest
}

export function split(text: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

const textChunks = (text: string, size: number, type: 'text' | 'reasoning' = 'text'): NeutralChunk[] =>
  split(text, size).map((piece) => ({ type, text: piece }))

/** Rough token counts (4 characters a token) so clients that read usage see plausible, deterministic numbers. */
function finish(reason: FinishReason, request: NeutralRequest, output: string): NeutralChunk {
  const input = request.system.length + JSON.stringify(request.messages).length
  return { type: 'finish', reason, usage: { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(output.length / 4) } }
}

/** Tool-call arguments always arrive in at least two deltas, split mid-JSON, as real providers do. */
function toolCallChunks(p: FaultParams, ctx: BuildContext): NeutralChunk[] {
  const calls = p.toolCalls ?? [DEFAULT_TOOL_CALL]
  return calls.flatMap((call, index): NeutralChunk[] => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
    const size = Math.max(1, Math.min(p.chunkSize ?? DEFAULT_CHUNK_SIZE, Math.ceil(args.length / 2)))
    return [
      { type: 'tool_call_start', index, id: call.id ?? `call_${ctx.call}_${index}`, name: call.name },
      ...split(args, size).map((piece) => ({ type: 'tool_call_delta' as const, index, arguments: piece })),
      { type: 'tool_call_end', index },
    ]
  })
}

const reply =
  (reason: FinishReason, options: { reasoning?: boolean; slow?: boolean } = {}): ChunkBuilder =>
  (p, ctx) => {
    const size = p.chunkSize ?? DEFAULT_CHUNK_SIZE
    const text = p.text ?? DEFAULT_TEXT
    const reasoning = options.reasoning ? (p.reasoning ?? DEFAULT_REASONING) : p.reasoning
    const chunks = [
      ...(reasoning ? textChunks(reasoning, size, 'reasoning') : []),
      ...textChunks(text, size),
      ...(p.toolCalls ? toolCallChunks(p, ctx) : []),
      finish(p.toolCalls ? 'tool_calls' : reason, ctx.request, text),
    ]
    const delayMs = p.delayMs ?? (options.slow ? DEFAULT_SLOW_DELAY_MS : undefined)
    return delayMs === undefined ? { chunks } : { chunks, delayMs }
  }

/** The chunks of a plain reply: what wrong_content_type streams under the wrong Content-Type. */
export const replyChunks = (p: FaultParams, ctx: BuildContext): NeutralChunk[] => reply('stop')(p, ctx).chunks

const toolCallReply: ChunkBuilder = (p, ctx) => {
  const size = p.chunkSize ?? DEFAULT_CHUNK_SIZE
  const chunks = [
    ...(p.reasoning ? textChunks(p.reasoning, size, 'reasoning') : []),
    ...(p.text ? textChunks(p.text, size) : []),
    ...toolCallChunks(p, ctx),
    finish('tool_calls', ctx.request, p.text ?? ''),
  ]
  return p.delayMs === undefined ? { chunks } : { chunks, delayMs: p.delayMs }
}

const chunks = (build: ChunkBuilder): Behaviour => ({ kind: 'chunks', build })
const fault = (play: FaultPlay): Behaviour => ({ kind: 'fault', fault: play })

export const BEHAVIOURS: Record<ConcreteBehaviour, Behaviour> = {
  success: chunks(reply('stop')),
  reasoning_success: chunks(reply('stop', { reasoning: true })),
  tool_call_success: chunks(toolCallReply),
  slow_success: chunks(reply('stop', { slow: true })),
  max_tokens: chunks(reply('length')),
  empty: chunks((_p, ctx) => ({ chunks: [finish('stop', ctx.request, '')] })),
  empty_body: fault({ play: 'stream', body: 'none', ending: 'end' }),
  stream_eof: fault({ play: 'stream', body: 'start', ending: 'end' }),
  partial_eof: fault({ play: 'stream', body: 'partial', ending: 'end' }),
  partial_disconnect: fault({ play: 'stream', body: 'partial', ending: 'destroy', waitMs: DEFAULT_DISCONNECT_MS }),
  stream_disconnect: fault({ play: 'stream', body: 'none', ending: 'destroy', waitMs: DEFAULT_DISCONNECT_MS }),
  connection_reset: fault({ play: 'reset' }),
  stall: fault({ play: 'stream', body: 'none', ending: 'stall' }),
  malformed_json: fault({ play: 'stream', body: 'malformed_json', ending: 'end' }),
  malformed_event: fault({ play: 'stream', body: 'malformed_event', ending: 'end' }),
  wrong_content_type: fault({ play: 'stream', body: 'full', ending: 'end', contentType: { stream: 'application/json', json: 'text/event-stream' } }),
  rate_limit: fault({ play: 'error', error: 'rate_limit', retryAfter: 1 }),
  server_error: fault({ play: 'error', error: 'server_error' }),
  service_unavailable: fault({ play: 'error', error: 'service_unavailable' }),
  auth_error: fault({ play: 'error', error: 'auth_error' }),
  invalid_request: fault({ play: 'error', error: 'invalid_request' }),
  context_overflow: fault({ play: 'error', error: 'context_overflow' }),
  quota_exceeded: fault({ play: 'error', error: 'quota_exceeded' }),
  // A bound port cannot refuse a connection, so the server destroys the socket as soon as the request headers
  // arrive, before reading the body: clients see the same failure as a refusal (a connection error, no status).
  // The standalone CLI does the same rather than delaying its bind, so its first stdout line is always the URL.
  connection_refused: fault({ play: 'refuse' }),
}

/** What `random` picks from when the entry gives no weights: recoverable faults and plain success. */
export const DEFAULT_RANDOM_WEIGHTS: Partial<Record<ConcreteBehaviour, number>> = {
  success: 4,
  rate_limit: 1,
  server_error: 1,
  service_unavailable: 1,
  connection_reset: 1,
  stream_disconnect: 1,
  partial_disconnect: 1,
  malformed_json: 1,
}

/** mulberry32: a tiny seeded generator, so `random` picks the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function weightedPick(weights: Partial<Record<BehaviourName, number>>, roll: number): ConcreteBehaviour {
  const entries = Object.entries(weights).filter(
    (e): e is [ConcreteBehaviour, number] => e[0] !== 'random' && (e[1] ?? 0) > 0,
  )
  const total = entries.reduce((sum, [, w]) => sum + w, 0)
  if (total === 0) throw new Error('random: every weight is zero; give at least one behaviour a positive weight')
  let point = roll * total
  for (const [name, weight] of entries) {
    point -= weight
    if (point < 0) return name
  }
  return entries[entries.length - 1]![0]
}

export function faultParams(entry: LlmEntry): FaultParams {
  const { behaviour: _b, at: _at, seed: _s, weights: _w, repeat: _r, ...params } = entry
  return params
}

/** A scripted entry (with `random` already resolved) as what is served and captured. */
export function respond(behaviour: ConcreteBehaviour, params: FaultParams, ctx: BuildContext): NeutralResponse {
  const spec = BEHAVIOURS[behaviour]
  if (spec.kind === 'chunks') return { kind: 'stream', ...spec.build(params, ctx) }
  return { kind: 'fault', fault: { behaviour, params } }
}
