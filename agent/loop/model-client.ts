// One streaming chat-completions call: fetch + eventsource-parser, a stall timer reset on every
// byte, and every way the call can end reported as a value (never thrown).
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
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
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
    let response: Response
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(options.body),
        signal: controller.signal,
      })
    } catch (error) {
      if (options.signal.aborted) return { kind: 'cancelled', state }
      if (stalled) return { kind: 'failed', failure: { kind: 'stall', partial: false }, state }
      return { kind: 'failed', failure: { kind: 'network', detail: networkDetail(error) }, state }
    }
    arm()
    if (!response.ok) {
      let bodyText = ''
      try {
        bodyText = await response.text()
      } catch (error) {
        return interrupted(error)
      }
      return { kind: 'failed', failure: httpFailure(response.status, bodyText, response.headers.get('retry-after')), state }
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.toLowerCase().startsWith('text/event-stream')) {
      await response.body?.cancel().catch(() => undefined)
      return { kind: 'failed', failure: { kind: 'protocol', detail: `expected content-type text/event-stream, got ${JSON.stringify(contentType)}` }, state }
    }
    const parser = createParser({ onEvent })
    const decoder = new TextDecoder()
    try {
      for await (const bytes of response.body ?? []) {
        arm()
        parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }))
        if (protocolError || sawDone) break
      }
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
