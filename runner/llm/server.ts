// The loopback model server: answers model calls in one wire format from a script, a cassette or the real API.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { WireName } from '../../dsl/names.js'
import type { LlmEntry } from '../../dsl/schema.js'
import { auxiliaryMatcher, auxiliaryResponse, type AuxiliaryCall } from './auxiliary.js'
import type { Cassette, CassetteCall } from './cassette.js'
import type { NeutralRequest, NeutralResponse } from './neutral.js'
import { play, playError, type Outcome, type Played } from './play.js'
import type { LlmProblem } from './problems.js'
import { cassetteSource, scriptSource, type CallSource } from './sources.js'
import { proxy } from './upstream.js'
import { CODECS } from './wire/index.js'
import type { Codec, Route } from './wire/types.js'

export type { Cassette, CassetteCall } from './cassette.js'
export type { NeutralRequest } from './neutral.js'
export type { LlmProblem } from './problems.js'

export type LlmSource =
  | { kind: 'script'; entries: LlmEntry[] }
  | { kind: 'cassette'; cassette: Cassette }
  | { kind: 'upstream'; baseUrl: string; apiKey?: string }

export interface LlmServerOptions {
  wire: WireName
  source: LlmSource
  /** Default 0 (any free port); always bound on 127.0.0.1. */
  port?: number
  /** Applied to each decoded request before it is compared (replay) or captured (script/upstream). */
  normalizeRequest?: (request: NeutralRequest) => NeutralRequest
  /** Values that must never reach a cassette; replaced by "{{secret}}" in captured calls. */
  secrets?: string[]
  /** The scenario name, used in drift messages' re-record hint. */
  scenario?: string
  /** Side calls answered from these rules, never counted as model calls nor captured (e.g. a routing classifier). */
  auxiliary?: readonly AuxiliaryCall[]
  /** Record: an upstream call that failed with an HTTP error or a broken connection is kept in the cassette
   *  as a fault (replayed as such) instead of being reported as a problem. */
  keepUpstreamFaults?: boolean
  /** Called as each HTTP request finishes, with its log entry (the standalone command prints these). */
  onRequest?: (entry: RequestLogEntry) => void
}

export interface RequestLogEntry {
  index: number
  method: string
  path: string
  call?: number
  behaviour?: string
  status?: number
  outcome: Outcome
  durationMs: number
}

/** What handling a request adds to its log entry. */
type Handled = Omit<RequestLogEntry, 'index' | 'method' | 'path' | 'durationMs'>

/** One line per request, as the standalone server logs it and as failure reports show it. */
export const describeRequest = (e: RequestLogEntry): string =>
  `${e.method} ${e.path}${e.call === undefined ? '' : ` call #${e.call}`}${e.behaviour ? ` ${e.behaviour}` : ''} -> ${e.status ?? '-'} ${e.outcome} (${e.durationMs} ms)`

export interface LlmServer {
  readonly url: string
  readonly port: number
  calls(): CassetteCall[]
  requestLog(): RequestLogEntry[]
  problems(): LlmProblem[]
  assertConsumed(): LlmProblem | undefined
  cassette(meta?: { model?: string }): Cassette
  close(): Promise<void>
}

const SECRET = '{{secret}}'

/** Every string in `value` with each secret replaced (longest first, so a secret containing another goes whole). */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const list = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length)
  if (list.length === 0) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return list.reduce((s, secret) => s.split(secret).join(SECRET), v)
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  return walk(value) as T
}

/** Stands in for a request that was never decoded: a refused call, an unparsable body, an auxiliary call. */
const UNREAD_REQUEST: NeutralRequest = { model: '', system: '', messages: [], tools: [], params: {}, stream: false }

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (d: Buffer) => parts.push(d))
    req.on('end', () => resolve(Buffer.concat(parts)))
    req.on('error', reject)
  })
}

export async function startLlmServer(options: LlmServerOptions): Promise<LlmServer> {
  if (!Object.hasOwn(CODECS, options.wire)) {
    throw new Error(`unknown wire format "${options.wire}"; expected one of ${Object.keys(CODECS).join(', ')}`)
  }
  const codec: Codec = CODECS[options.wire]
  const normalize = options.normalizeRequest ?? ((r: NeutralRequest) => r)
  const secrets = [...(options.secrets ?? []), ...(options.source.kind === 'upstream' && options.source.apiKey ? [options.source.apiKey] : [])]
  const source: CallSource | undefined =
    options.source.kind === 'script'
      ? scriptSource(options.source.entries)
      : options.source.kind === 'cassette'
        ? cassetteSource(options.source.cassette.calls, options.scenario)
        : undefined
  const auxiliary = auxiliaryMatcher(options.auxiliary ?? [])

  const calls: (CassetteCall | undefined)[] = []
  const log: RequestLogEntry[] = []
  const problems: LlmProblem[] = []
  const sockets = new Set<Socket>()
  let requests = 0

  const capture = (call: number, request: NeutralRequest, response: NeutralResponse) => {
    calls[call - 1] = scrubSecrets({ request, response }, secrets)
  }

  async function modelCall(req: IncomingMessage, res: ServerResponse, path: string, route: Route): Promise<Handled> {
    if (source?.refuses(calls.length + 1)) {
      const call = calls.push(undefined)
      capture(call, UNREAD_REQUEST, { kind: 'fault', fault: { behaviour: 'connection_refused', params: {} } })
      req.socket.destroy()
      return { call, behaviour: 'connection_refused', outcome: 'reset' }
    }
    const body = await readBody(req)
    let decoded: NeutralRequest
    try {
      decoded = codec.decodeRequest(JSON.parse(body.toString('utf8') || '{}'), route)
    } catch (error) {
      // Not a model call: answered in the wire's error shape without taking a position in the script.
      const message = `request body of ${path} is not valid JSON: ${(error as Error).message}`
      return playError({ req, res, codec, ctx: { call: 0, model: '' }, request: UNREAD_REQUEST, stream: false }, 'invalid_request', { message })
    }
    // Positions are taken once the body is in, so concurrent calls keep their arrival order.
    const call = calls.push(undefined)
    const request = scrubSecrets(normalize(decoded), secrets)
    const ctx = { call, model: decoded.model }
    if (options.source.kind === 'upstream') {
      const proxied = await proxy({ codec, baseUrl: options.source.baseUrl, ...(options.source.apiKey ? { apiKey: options.source.apiKey } : {}), req, res, body, call })
      capture(call, request, proxied.response)
      const kept = options.keepUpstreamFaults && proxied.response.kind === 'fault'
      if (proxied.problem && !kept) problems.push(proxied.problem)
      return { call, behaviour: 'upstream', ...proxied.played }
    }
    const served = source!.serve(call, request)
    const target = { req, res, codec, ctx, request: decoded, stream: decoded.stream }
    if (!served) {
      const message = `model call #${call}: the ${options.source.kind === 'cassette' ? 'cassette' : 'script'} has no call left (MOCK_SCRIPT_EXHAUSTED)`
      problems.push({ kind: 'exhausted', call, message: `${message}; the agent made more model calls than ${options.source.kind === 'cassette' ? 'llm.jsonl records' : 'were scripted'}` })
      const played = await playError(target, 'server_error', { message, status: 500 })
      return { call, behaviour: 'exhausted', ...played }
    }
    if (served.problem) problems.push(served.problem)
    capture(call, request, served.response)
    const usage = served.response.kind === 'stream' ? served.response.chunks.find((c) => c.type === 'finish')?.usage : undefined
    const played: Played = await play({ ...target, ctx: usage ? { ...ctx, usage } : ctx }, served.response)
    return { call, behaviour: served.behaviour, ...played }
  }

  async function auxiliaryCall(req: IncomingMessage, res: ServerResponse, route: Route, rule: AuxiliaryCall): Promise<Handled> {
    const body = await readBody(req)
    let stream = route.stream === true
    try {
      stream = codec.decodeRequest(JSON.parse(body.toString('utf8') || '{}'), route).stream
    } catch {
      // an unreadable body still gets the rule's answer, shaped by the route alone
    }
    const played = await play({ req, res, codec, ctx: { call: 0, model: route.model ?? '' }, request: UNREAD_REQUEST, stream }, auxiliaryResponse(rule))
    return { behaviour: `auxiliary:${rule.name}`, ...played }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const index = requests++
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const route = method === 'POST' ? codec.route(path) : undefined
    let entry: Handled
    try {
      const rule = route ? auxiliary.match(path) : undefined
      if (route && rule) entry = await auxiliaryCall(req, res, route, rule)
      else if (route) entry = await modelCall(req, res, path, route)
      else {
        // Preflights and unknown paths: answered without touching the script.
        req.resume()
        const status = method === 'HEAD' || method === 'OPTIONS' ? 200 : 404
        const spec = codec.errors.not_found
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(status === 404 ? JSON.stringify(codec.errorBody(spec, `no model route at ${method} ${path}`)) : undefined)
        entry = { status, outcome: 'completed' }
      }
    } catch (error) {
      const message = (error as Error).message
      problems.push({ kind: 'internal', message: `the model server failed on ${method} ${path}: ${message}` })
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(`llm server error: ${message}`)
      } else res.destroy()
      entry = { status: 500, outcome: 'server_error' }
    }
    const done: RequestLogEntry = { index, method, path, ...entry, durationMs: Math.round(performance.now() - started) }
    log.push(done)
    options.onRequest?.(done)
  }

  const server = createServer((req, res) => void handle(req, res))
  server.keepAliveTimeout = 1000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  let closing: Promise<void> | undefined

  const served = (): CassetteCall[] => calls.filter((c): c is CassetteCall => c !== undefined)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls: served,
    requestLog: () => log.slice().sort((a, b) => a.index - b.index),
    problems: () => problems.slice(),
    assertConsumed: () => source?.unconsumed(served().length),
    cassette: (meta) => ({
      header: {
        version: 1,
        wire: options.wire,
        recordedAt: new Date().toISOString(),
        source: options.source.kind === 'upstream' ? 'upstream' : 'scripted',
        ...(meta?.model === undefined ? {} : { model: meta.model }),
      },
      calls: served(),
    }),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      return closing
    },
  }
}
