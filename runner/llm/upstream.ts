// Record mode: proxy a model call to the real API, streaming bytes to the agent as they arrive while
// decoding them into neutral chunks for the cassette. Keys travel only in headers, which are never captured.
import type { IncomingMessage, IncomingHttpHeaders, ServerResponse } from 'node:http'
import { createParser } from 'eventsource-parser'
import type { BehaviourName } from '../../dsl/names.js'
import type { FaultParams, NeutralChunk, NeutralResponse } from './neutral.js'
import { finish, resetSocket, type Played } from './play.js'
import type { LlmProblem } from './problems.js'
import { obj, str, type Codec } from './wire/types.js'

/** Request headers that describe the hop, not the call; they are recomputed for the upstream request. */
const HOP_HEADERS = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'accept-encoding', 'upgrade']
const KEY_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key']
/** Response headers passed back to the agent. */
const PASS_HEADERS = ['content-type', 'retry-after', 'x-request-id', 'request-id', 'cache-control']

/** The upstream URL for an incoming path, without doubling a /v1 or /v1beta the base URL already ends in. */
export function upstreamUrl(baseUrl: string, incoming: string): URL {
  const base = new URL(baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const target = new URL(incoming, 'http://x')
  const version = /^\/(v1beta|v1)(?=\/)/.exec(target.pathname)?.[0]
  const path = version && basePath.endsWith(version) ? target.pathname.slice(version.length) : target.pathname
  const url = new URL(base.origin + basePath + path)
  url.search = target.search
  return url
}

const FAULT_BY_STATUS: [test: (s: number) => boolean, behaviour: Exclude<BehaviourName, 'random'>][] = [
  [(s) => s === 401 || s === 403, 'auth_error'],
  [(s) => s === 429, 'rate_limit'],
  [(s) => s === 503 || s === 529, 'service_unavailable'],
  [(s) => s >= 500, 'server_error'],
  [() => true, 'invalid_request'],
]

function upstreamFault(status: number, body: string, retryAfter: string | null): NeutralResponse {
  let message = body.slice(0, 500)
  try {
    const parsed = obj(JSON.parse(body))
    message = str(obj(parsed.error).message) ?? message
  } catch {
    // a non-JSON error body is kept as text
  }
  const params: FaultParams = { status, message }
  if (retryAfter !== null && Number.isFinite(Number(retryAfter))) params.retryAfter = Number(retryAfter)
  const behaviour = FAULT_BY_STATUS.find(([test]) => test(status))![1]
  return { kind: 'fault', fault: { behaviour, params } }
}

export interface ProxyOptions {
  codec: Codec
  baseUrl: string
  apiKey?: string
  req: IncomingMessage
  res: ServerResponse
  body: Buffer
  call: number
}

export interface Proxied {
  response: NeutralResponse
  played: Played
  problem?: LlmProblem
}

function forwardHeaders(headers: IncomingHttpHeaders, codec: Codec, apiKey?: string): Headers {
  const out = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.includes(name)) continue
    if (apiKey !== undefined && KEY_HEADERS.includes(name)) continue
    out.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  if (apiKey !== undefined) out.set(...codec.authHeader(apiKey))
  return out
}

const failure = (call: number, message: string, status?: number): LlmProblem => ({
  kind: 'upstream',
  call,
  ...(status === undefined ? {} : { status }),
  message: `model call #${call}: ${message}`,
})

export async function proxy(o: ProxyOptions): Promise<Proxied> {
  const url = upstreamUrl(o.baseUrl, o.req.url ?? '/')
  if (o.apiKey !== undefined && url.searchParams.has('key')) url.searchParams.set('key', o.apiKey)
  const abort = new AbortController()
  const onClientClose = () => {
    if (!o.res.writableFinished) abort.abort()
  }
  o.res.once('close', onClientClose)
  // A client that went away first aborted the fetch itself: that is the agent's doing, not an upstream failure.
  const network = (problem: string, status?: number): Proxied => {
    const response: NeutralResponse = { kind: 'fault', fault: { behaviour: 'connection_reset', params: {} } }
    if (o.res.destroyed) return { response, played: { outcome: 'client_closed' } }
    return { response, played: resetSocket(o.req), problem: failure(o.call, problem, status) }
  }
  let upstream: Response
  try {
    upstream = await fetch(url, { method: 'POST', headers: forwardHeaders(o.req.headers, o.codec, o.apiKey), body: o.body, signal: abort.signal })
  } catch (error) {
    o.res.off('close', onClientClose)
    return network(`the upstream API at ${url.origin} could not be reached (${(error as Error).cause ?? (error as Error).message})`)
  }
  const headers = Object.fromEntries(PASS_HEADERS.flatMap((h) => (upstream.headers.get(h) === null ? [] : [[h, upstream.headers.get(h)!]])))
  o.res.writeHead(upstream.status, headers)
  o.res.flushHeaders()
  if (!upstream.ok) {
    const text = await upstream.text().catch(() => '')
    o.res.off('close', onClientClose)
    const delivered = await finish(o.res, text)
    return {
      response: upstreamFault(upstream.status, text, upstream.headers.get('retry-after')),
      played: { outcome: !delivered ? 'client_closed' : upstream.status >= 500 ? 'server_error' : 'completed', status: upstream.status },
      problem: failure(o.call, `the upstream API answered HTTP ${upstream.status}: ${text.slice(0, 200)}`, upstream.status),
    }
  }
  const isSse = (upstream.headers.get('content-type') ?? '').includes('text/event-stream')
  const chunks: NeutralChunk[] = []
  // An answer the codec cannot decode still reaches the agent byte for byte; only the capture is reported.
  let undecodable: string | undefined
  const decode = (next: () => NeutralChunk[]) => {
    if (undecodable !== undefined) return
    try {
      chunks.push(...next())
    } catch (error) {
      undecodable = (error as Error).message
    }
  }
  const decoder = o.codec.decoder()
  const parser = createParser({ onEvent: (event) => decode(() => decoder.push(event)) })
  const text = new TextDecoder()
  let json = ''
  try {
    for await (const piece of upstream.body ?? []) {
      o.res.write(piece)
      const s = text.decode(piece, { stream: true })
      if (isSse) parser.feed(s)
      else json += s
    }
  } catch (error) {
    o.res.off('close', onClientClose)
    if (o.res.destroyed) return { response: { kind: 'stream', chunks }, played: { outcome: 'client_closed', status: upstream.status } }
    return network(`the upstream stream broke off (${(error as Error).message})`, upstream.status)
  }
  o.res.off('close', onClientClose)
  if (isSse) decode(() => decoder.end())
  else decode(() => o.codec.decodeJson(JSON.parse(json || '{}')))
  // finish() also settles when the agent hung up after the last piece: a closed response never emits again.
  const finished = await finish(o.res)
  return {
    response: { kind: 'stream', chunks },
    played: { outcome: finished ? 'completed' : 'client_closed', status: upstream.status },
    ...(undecodable === undefined
      ? {}
      : { problem: failure(o.call, `the upstream answer is not ${o.codec.wire} as this server decodes it (${undecodable}); llm.jsonl would not replay it`, upstream.status) }),
  }
}
