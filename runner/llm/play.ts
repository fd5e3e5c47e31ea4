// Plays one neutral response (chunks or a fault) onto an HTTP response in the codec's wire format.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BEHAVIOURS, DEFAULT_CHUNK_SIZE, DEFAULT_PARTIAL_TEXT, replyChunks, split, type FaultPlay } from './behaviours/index.js'
import type { Fault, NeutralChunk, NeutralRequest, NeutralResponse } from './neutral.js'
import { MALFORMED_JSON_FRAME, sse, type Codec, type EncodeContext, type ErrorKind } from './wire/types.js'

export const OUTCOMES = ['completed', 'reset', 'stalled', 'client_closed', 'server_error'] as const
export type Outcome = (typeof OUTCOMES)[number]

export interface PlayTarget {
  req: IncomingMessage
  res: ServerResponse
  codec: Codec
  ctx: EncodeContext
  request: NeutralRequest
  /** Whether the request asked for a stream (SSE) or one JSON body. */
  stream: boolean
}

export interface Played {
  outcome: Outcome
  status?: number
}

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }
const JSON_TYPE = 'application/json'

/** Resolves true after `ms`, or false as soon as the response is closed (client gone, or the server closing). */
function sleep(res: ServerResponse, ms: number): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false)
  if (ms <= 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      res.off('close', onClose)
      resolve(true)
    }, ms)
    res.once('close', onClose)
  })
}

const closed = (res: ServerResponse): Promise<void> =>
  res.destroyed ? Promise.resolve() : new Promise((resolve) => res.once('close', () => resolve()))

/** Ends the response and reports whether every byte was handed to the socket before the client went away. */
export function finish(res: ServerResponse, body?: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false)
    res.once('finish', () => resolve(true))
    res.once('close', () => resolve(res.writableFinished))
    res.end(body)
  })
}

export function resetSocket(req: IncomingMessage): Played {
  req.socket.resetAndDestroy()
  return { outcome: 'reset' }
}

export async function playError(t: PlayTarget, kind: ErrorKind, fault: Fault['params'], defaultRetryAfter?: number): Promise<Played> {
  const spec = t.codec.errors[kind]
  const status = fault.status ?? spec.status
  const retryAfter = fault.retryAfter ?? defaultRetryAfter
  const body = JSON.stringify(t.codec.errorBody(spec, fault.message ?? spec.message, retryAfter))
  t.res.writeHead(status, { 'content-type': JSON_TYPE, ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }) })
  const done = await finish(t.res, body)
  if (!done) return { outcome: 'client_closed', status }
  return { outcome: status >= 500 ? 'server_error' : 'completed', status }
}

/** The SSE frames of a stream body: the full answer, or a fault's partial/malformed version of it. */
function frames(t: PlayTarget, body: Exclude<Extract<FaultPlay, { play: 'stream' }>['body'], 'none'>, chunks: NeutralChunk[]): string[] {
  const encoder = t.codec.encoder(t.ctx)
  const malformed = t.codec.malformedEvent(t.ctx)
  const table: Record<typeof body, () => string[]> = {
    start: () => [encoder.start()],
    partial: () => [encoder.start(), ...chunks.map((c) => encoder.chunk(c))],
    full: () => [encoder.start(), ...chunks.map((c) => encoder.chunk(c)), encoder.end()],
    malformed_json: () => [encoder.start(), MALFORMED_JSON_FRAME],
    malformed_event: () => [encoder.start(), sse(malformed.data, malformed.event)],
  }
  return table[body]().filter((frame) => frame !== '')
}

/** The JSON body a non-streaming request gets for the same fault: cut short, malformed or whole. */
function jsonBody(t: PlayTarget, body: Extract<FaultPlay, { play: 'stream' }>['body'], chunks: NeutralChunk[]): string {
  const whole = () => JSON.stringify(t.codec.encodeJson(chunks, t.ctx))
  const table: Record<typeof body, () => string> = {
    none: () => '',
    start: () => whole().slice(0, 1),
    partial: () => whole().slice(0, Math.floor(whole().length / 2)),
    full: whole,
    malformed_json: () => MALFORMED_JSON_FRAME.slice('data: '.length).trim(),
    malformed_event: () => JSON.stringify(t.codec.malformedEvent(t.ctx).data),
  }
  return table[body]()
}

interface StreamPlan {
  body: Extract<FaultPlay, { play: 'stream' }>['body']
  ending: 'end' | 'destroy' | 'stall'
  contentType?: { stream: string; json: string }
  chunks: NeutralChunk[]
  delayMs: number
  waitMs: number
}

async function playStream(t: PlayTarget, plan: StreamPlan): Promise<Played> {
  const { res } = t
  const contentType = plan.contentType ? plan.contentType[t.stream ? 'stream' : 'json'] : t.stream ? SSE_HEADERS['content-type'] : JSON_TYPE
  res.writeHead(200, t.stream ? { ...SSE_HEADERS, 'content-type': contentType } : { 'content-type': contentType })
  res.flushHeaders()
  const pieces = plan.body === 'none' ? [] : t.stream ? frames(t, plan.body, plan.chunks) : [jsonBody(t, plan.body, plan.chunks)]
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && !(await sleep(res, plan.delayMs))) return { outcome: 'client_closed', status: 200 }
    if (res.destroyed) return { outcome: 'client_closed', status: 200 }
    res.write(piece)
  }
  if (plan.ending === 'stall') {
    await closed(res)
    return { outcome: 'stalled', status: 200 }
  }
  if (plan.ending === 'destroy') {
    if (!(await sleep(res, plan.waitMs))) return { outcome: 'client_closed', status: 200 }
    resetSocket(t.req)
    return { outcome: 'reset', status: 200 }
  }
  return { outcome: (await finish(res)) ? 'completed' : 'client_closed', status: 200 }
}

/** The text chunks a partial fault streams before it stops. */
function partialChunks(params: Fault['params']): NeutralChunk[] {
  return split(params.text ?? DEFAULT_PARTIAL_TEXT, params.chunkSize ?? DEFAULT_CHUNK_SIZE).map((text) => ({ type: 'text', text }))
}

function playFault(t: PlayTarget, fault: Fault): Promise<Played> | Played {
  const spec = BEHAVIOURS[fault.behaviour]
  if (spec.kind !== 'fault') throw new Error(`behaviour ${fault.behaviour} is a reply, not a fault`)
  const play = spec.fault
  const p = fault.params
  switch (play.play) {
    case 'refuse':
    case 'reset':
      return resetSocket(t.req)
    case 'error':
      return playError(t, play.error, p, play.retryAfter)
    case 'stream': {
      const chunks = play.body === 'full' ? replyChunks(p, { call: t.ctx.call, request: t.request }) : partialChunks(p)
      return playStream(t, {
        body: play.body,
        ending: play.ending,
        ...(play.contentType === undefined ? {} : { contentType: play.contentType }),
        chunks,
        delayMs: p.delayMs ?? 0,
        waitMs: p.disconnectAfterMs ?? play.waitMs ?? 0,
      })
    }
  }
}

export function play(t: PlayTarget, response: NeutralResponse): Promise<Played> | Played {
  if (response.kind === 'fault') return playFault(t, response.fault)
  return playStream(t, { body: 'full', ending: 'end', chunks: response.chunks, delayMs: response.delayMs ?? 0, waitMs: 0 })
}
