// The scenario's wire log: every message in true order, with waiting on conditions over it.
import type { WireMessage, JsonObject } from './wire.js'

type Listener = () => void

export class WireLog {
  readonly messages: WireMessage[] = []
  private readonly listeners = new Set<Listener>()

  push(from: WireMessage['from'], message: JsonObject): void {
    this.messages.push({ from, message })
    for (const l of [...this.listeners]) l()
  }

  /** Resolves with the predicate's first truthy value, checked now and after every new message. */
  when<T>(check: () => T | undefined | false): Promise<T> {
    return new Promise<T>((resolve) => {
      const now = check()
      if (now) return resolve(now)
      const listener: Listener = () => {
        const value = check()
        if (value) {
          this.listeners.delete(listener)
          resolve(value)
        }
      }
      this.listeners.add(listener)
    })
  }
}
