// One streaming chat-completions call: node:http(s) + eventsource-parser, a stall timer reset on
// every byte, and every way the call can end reported as a value (never thrown). node:http rather
// than fetch: fetch's web stream drops bytes already received when the socket then breaks, which
// makes a partial reply followed by a reset look different from run to run.
import type { IncomingMessage } from 'node:http'
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { chatChunkSchema, streamErrorSchema, type ChatRequest } from './chat-types.js'
import { parseRetryAfter, type ModelFailure } from './failures.js'
import { applyChunk, emptyStreamState, type Delta, type StreamState } from './stream-state.js'

export type AttemptOutcome =
  | { kind: 'done'; state: StreamState }
  | { kind: 'failed'; failure: ModelFailure; state: StreamState }
  | { kind: 'cancelled'; state: StreamState }

export interface AttemptOptions {
  url: string
  apiKey: string | undefined
  body: ChatRequest
  signal: AbortSignal
  stallTimeoutMs: number
  onDelta: (delta: Delta) => void
}

function networkDetail(error: unknown): string {
  const { code, cause, message } = (error ?? {}) as { code?: string; cause?: { code?: string }; message?: string }
  return code ?? cause?.code ?? message ?? String(error)
}

function httpFailure(status: number, bodyText: string, retryAfter: string | null): ModelFailure {
  let code: string | undefined
  let message: string | undefined
  try {
    const parsed = streamErrorSchema.safeParse(JSON.parse(bodyText))
    if (parsed.success) {
      const { error } = parsed.data
      code = error.code != null ? String(error.code) : (error.type ?? undefined)
      message = error.message
    }
  } catch {
    message = bodyText.slice(0, 200) || undefined
  }
  return { kind: 'http', status, code, message, retryAfterMs: parseRetryAfter(retryAfter) }
}

/** POSTs the request; resolves with the response once its headers arrive. */
async function send(options: AttemptOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const url = new URL(options.url)
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http')
  const body = JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        accept: 'text/event-stream',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end(body)
  })
}

/**
 * Feeds each body chunk to `onData` in flowing mode until the body ends (resolve), breaks (reject),
 * or `onData` asks to stop. Flowing mode matters: every byte that reached the socket before a reset
 * is delivered before the error, so a partial reply is seen the same way on every run.
 */
function consume(response: IncomingMessage, onData: (bytes: Buffer) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (error?: Error) => {
      if (settled) return
      settled = true
      if (error) reject(error)
      else resolve()
    }
    response.on('data', (bytes: Buffer) => {
      if (settled) return
      if (onData(bytes)) {
        settle()
        response.destroy()
      }
    })
    response.once('end', () => settle())
    response.once('error', (error) => settle(error))
    response.once('close', () => settle(response.complete ? undefined : new Error('the connection closed before the response ended')))
  })
}

async function readBody(response: IncomingMessage, onBytes: () => void): Promise<string> {
  let text = ''
  await consume(response, (bytes) => {
    onBytes()
    text += bytes.toString('utf8')
    return false
  })
  return text
}

export async function streamCompletion(options: AttemptOptions): Promise<AttemptOutcome> {
  const state = emptyStreamState()
  if (options.signal.aborted) return { kind: 'cancelled', state }
  const controller = new AbortController()
  const abort = () => controller.abort()
  options.signal.addEventListener('abort', abort, { once: true })
  let stalled = false
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      stalled = true
      controller.abort()
    }, options.stallTimeoutMs)
  }
  let emitted = false
  let sawDone = false
  let protocolError: string | undefined

  const onEvent = (event: EventSourceMessage) => {
    if (protocolError || sawDone) return
    if (event.data.trim() === '[DONE]') {
      sawDone = true
      return
    }
    let json: unknown
    try {
      json = JSON.parse(event.data)
    } catch {
      protocolError = `event data is not JSON: ${JSON.stringify(event.data.slice(0, 80))}`
      return
    }
    const chunk = chatChunkSchema.safeParse(json)
    if (!chunk.success) {
      const inStreamError = streamErrorSchema.safeParse(json)
      protocolError = inStreamError.success
        ? `the provider sent an error in the stream: ${inStreamError.data.error.message ?? JSON.stringify(inStreamError.data.error)}`
        : `event is not a chat.completion.chunk: ${JSON.stringify(event.data.slice(0, 80))}`
      return
    }
    for (const delta of applyChunk(state, chunk.data)) {
      emitted = true
      options.onDelta(delta)
    }
  }

  const interrupted = (error: unknown): AttemptOutcome => {
    if (options.signal.aborted) return { kind: 'cancelled', state }
    if (state.finishReason) return { kind: 'done', state }
    if (stalled) return { kind: 'failed', failure: { kind: 'stall', partial: emitted }, state }
    return { kind: 'failed', failure: { kind: 'incomplete', partial: emitted, detail: networkDetail(error) }, state }
  }

  try {
    arm()
    let response: IncomingMessage
    try {
      response = await send(options, controller.signal)
    } catch (error) {
      if (options.signal.aborted) return { kind: 'cancelled', state }
      if (stalled) return { kind: 'failed', failure: { kind: 'stall', partial: false }, state }
      return { kind: 'failed', failure: { kind: 'network', detail: networkDetail(error) }, state }
    }
    arm()
    const status = response.statusCode ?? 0
    if (status < 200 || status >= 300) {
      let bodyText: string
      try {
        bodyText = await readBody(response, arm)
      } catch (error) {
        return interrupted(error)
      }
      const retryAfter = response.headers['retry-after']
      return { kind: 'failed', failure: httpFailure(status, bodyText, typeof retryAfter === 'string' ? retryAfter : null), state }
    }
    const contentType = response.headers['content-type'] ?? ''
    if (!contentType.toLowerCase().startsWith('text/event-stream')) {
      response.destroy()
      return { kind: 'failed', failure: { kind: 'protocol', detail: `expected content-type text/event-stream, got ${JSON.stringify(contentType)}` }, state }
    }
    const parser = createParser({ onEvent })
    const decoder = new TextDecoder()
    try {
      await consume(response, (bytes) => {
        arm()
        parser.feed(decoder.decode(bytes, { stream: true }))
        return Boolean(protocolError || sawDone)
      })
    } catch (error) {
      return interrupted(error)
    }
    if (protocolError) return { kind: 'failed', failure: { kind: 'protocol', detail: protocolError }, state }
    if (options.signal.aborted) return { kind: 'cancelled', state }
    if (state.finishReason || sawDone) return { kind: 'done', state }
    return { kind: 'failed', failure: { kind: 'incomplete', partial: emitted, detail: 'no finish_reason or [DONE]' }, state }
  } finally {
    clearTimeout(timer)
    options.signal.removeEventListener('abort', abort)
  }
}
