// The raw stdout tap: splits the agent's stdout into lines, requires each to be JSON, records it in wire
// order, and passes the same bytes on to the ACP SDK, so the transcript never depends on SDK scheduling.
import type { JsonObject } from './wire.js'

export interface TapHandlers {
  message: (message: JsonObject, line: string) => void
  /** A line that is not a JSON object: the scenario fails quoting it. */
  invalid: (line: string, reason: string) => void
  /** Whether the SDK gets this message too (default: every message). */
  forward?: (message: JsonObject) => boolean
}

/** Splits bytes into newline-terminated lines; a trailing partial line is reported at end(). */
export class LineSplitter {
  private pending = ''
  private readonly decoder = new TextDecoder()
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: Uint8Array): void {
    this.pending += this.decoder.decode(chunk, { stream: true })
    let nl: number
    while ((nl = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, nl).replace(/\r$/, '')
      this.pending = this.pending.slice(nl + 1)
      if (line.trim() !== '') this.onLine(line)
    }
  }
  end(): void {
    this.pending += this.decoder.decode()
    if (this.pending.trim() !== '') this.onLine(this.pending)
    this.pending = ''
  }
}

export function parseWireLine(line: string): { message: JsonObject } | { reason: string } {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    return { reason: `not JSON (${(error as Error).message})` }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { reason: 'not a JSON-RPC message object' }
  return { message: value as JsonObject }
}

/**
 * Wraps a byte source: every complete line goes to the handlers first, then its bytes (only valid
 * JSON lines) are enqueued for the SDK. Invalid lines are withheld from the SDK, which would drop them silently.
 */
export function tapStream(source: AsyncIterable<Uint8Array>, handlers: TapHandlers): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const splitter = new LineSplitter((line) => {
    const parsed = parseWireLine(line)
    if ('reason' in parsed) {
      handlers.invalid(line, parsed.reason)
      return
    }
    handlers.message(parsed.message, line)
    if (handlers.forward?.(parsed.message) ?? true) controller.enqueue(encoder.encode(line + '\n'))
  })
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
      void (async () => {
        try {
          for await (const chunk of source) splitter.push(chunk)
          splitter.end()
          controller.close()
        } catch (error) {
          controller.error(error)
        }
      })()
    },
  })
}

/** A byte sink for the SDK's outgoing messages: records each line, then writes it to the agent. */
export function tapSink(write: (bytes: Uint8Array) => Promise<void>, onMessage: (message: JsonObject) => void): WritableStream<Uint8Array> {
  const splitter = new LineSplitter((line) => {
    const parsed = parseWireLine(line)
    if ('message' in parsed) onMessage(parsed.message)
  })
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      splitter.push(chunk)
      await write(chunk)
    },
  })
}
