// A small OpenAI chat-completions SSE server on 127.0.0.1 for the agent's own tests: it serves
// scripted LlmEntry behaviours in order (the same vocabulary as runner/llm) and records requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { BehaviourName } from '../../dsl/names.js'
import type { LlmEntry } from '../../dsl/schema.js'

export interface ChatServer {
  url: string
  requests: { behaviour: BehaviourName | 'exhausted'; body: any }[]
  close(): Promise<void>
}

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'test', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const DONE = 'data: [DONE]\n\n'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function pieces(text: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

function sseHead(res: ServerResponse, contentType = 'text/event-stream') {
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' })
  res.flushHeaders()
}

function errorReply(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ error: { message, type: code, code } }))
}

async function streamText(res: ServerResponse, entry: LlmEntry, finish: string) {
  const size = entry.chunkSize ?? 4
  sseHead(res)
  res.write(chunk({ role: 'assistant', content: '' }))
  for (const part of pieces(entry.reasoning ?? '', size)) {
    if (entry.delayMs) await sleep(entry.delayMs)
    res.write(chunk({ reasoning_content: part }))
  }
  for (const part of pieces(entry.text ?? 'Hello from the test model.', size)) {
    if (entry.delayMs) await sleep(entry.delayMs)
    res.write(chunk({ content: part }))
  }
  res.write(chunk({}, finish))
  res.end(DONE)
}

async function streamToolCalls(res: ServerResponse, entry: LlmEntry) {
  sseHead(res)
  res.write(chunk({ role: 'assistant', content: entry.text ?? null }))
  for (const [index, call] of (entry.toolCalls ?? []).entries()) {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
    const half = Math.floor(args.length / 2)
    const id = call.id ?? `call_${index}`
    res.write(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }] }))
    res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }))
  }
  res.write(chunk({}, 'tool_calls'))
  res.end(DONE)
}

/** Deterministic weighted pick for `random` (mulberry32 on the seed). */
function pickRandom(entry: LlmEntry): BehaviourName {
  const weights = Object.entries(entry.weights ?? { success: 1, rate_limit: 1, stall: 1 }) as [BehaviourName, number][]
  let t = (entry.seed ?? 1) + 0x6d2b79f5
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  const roll = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * weights.reduce((sum, [, w]) => sum + w, 0)
  let acc = 0
  for (const [name, weight] of weights) if ((acc += weight) > roll) return name
  return weights[weights.length - 1]![0]
}

type Handler = (res: ServerResponse, entry: LlmEntry, req: IncomingMessage) => Promise<void> | void

const BEHAVIOURS: Record<Exclude<BehaviourName, 'random'>, Handler> = {
  success: (res, e) => streamText(res, e, 'stop'),
  reasoning_success: (res, e) => streamText(res, { reasoning: 'Thinking it over.', ...e }, 'stop'),
  slow_success: (res, e) => streamText(res, { delayMs: 20, ...e }, 'stop'),
  tool_call_success: (res, e) => streamToolCalls(res, e),
  max_tokens: (res, e) => streamText(res, e, 'length'),
  empty: (res) => {
    sseHead(res)
    res.write(chunk({ content: '' }, 'stop'))
    res.end(DONE)
  },
  empty_body: (res) => {
    sseHead(res)
    res.end()
  },
  stream_eof: (res) => {
    sseHead(res)
    res.end(chunk({ role: 'assistant' }))
  },
  partial_eof: (res, e) => {
    sseHead(res)
    res.end(chunk({ content: e.text ?? 'Partial answ' }))
  },
  partial_disconnect: async (res, e) => {
    sseHead(res)
    res.write(chunk({ content: e.text ?? 'Partial answ' }))
    await sleep(e.disconnectAfterMs ?? 20)
    res.socket?.destroy()
  },
  stream_disconnect: async (res, e) => {
    sseHead(res)
    await sleep(e.disconnectAfterMs ?? 20)
    res.socket?.destroy()
  },
  connection_reset: (res) => {
    res.socket?.destroy()
  },
  connection_refused: (res) => {
    res.socket?.destroy()
  },
  stall: (res) => sseHead(res),
  malformed_json: (res) => {
    sseHead(res)
    res.end('data: {not-json\n\n')
  },
  malformed_event: (res) => {
    sseHead(res)
    res.end('data: {"choices":[null]}\n\n')
  },
  wrong_content_type: (res, e) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(chunk({ content: e.text ?? 'Hello' }, 'stop') + DONE)
  },
  rate_limit: (res, e) => errorReply(res, e.status ?? 429, 'rate_limit_exceeded', e.message ?? 'Rate limit reached', { 'retry-after': String(e.retryAfter ?? 0) }),
  server_error: (res, e) => errorReply(res, e.status ?? 500, 'server_error', e.message ?? 'Internal server error'),
  service_unavailable: (res, e) => errorReply(res, e.status ?? 503, 'service_unavailable', e.message ?? 'Service unavailable', { 'retry-after': String(e.retryAfter ?? 0) }),
  auth_error: (res, e) => errorReply(res, e.status ?? 401, 'invalid_api_key', e.message ?? 'Incorrect API key provided'),
  invalid_request: (res, e) => errorReply(res, e.status ?? 400, 'invalid_request_error', e.message ?? 'Invalid request'),
  context_overflow: (res, e) => errorReply(res, e.status ?? 400, 'context_length_exceeded', e.message ?? "This model's maximum context length is 65536 tokens"),
  quota_exceeded: (res, e) => errorReply(res, e.status ?? 429, 'insufficient_quota', e.message ?? 'You exceeded your current quota'),
}

export async function startChatServer(entries: LlmEntry[]): Promise<ChatServer> {
  const requests: ChatServer['requests'] = []
  const sockets = new Set<Socket>()
  let next = 0
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const part of req) raw += part
    const entry = entries[next] ?? (entries.at(-1)?.repeat ? entries.at(-1) : undefined)
    if (next < entries.length) next++
    if (!entry) {
      requests.push({ behaviour: 'exhausted', body: raw ? JSON.parse(raw) : undefined })
      return errorReply(res, 500, 'MOCK_SCRIPT_EXHAUSTED', `script exhausted at request ${requests.length}`)
    }
    const behaviour = entry.behaviour === 'random' ? pickRandom(entry) : entry.behaviour
    requests.push({ behaviour, body: raw ? JSON.parse(raw) : undefined })
    await (BEHAVIOURS[behaviour as Exclude<BehaviourName, 'random'>] ?? BEHAVIOURS.success)(res, entry, req)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
