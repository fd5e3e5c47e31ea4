// Collects items over a quiet period: editors write a file in several events, builds touch many files.
export interface Batcher<T> {
  add(item: T): void
  /** Drops anything pending. */
  cancel(): void
}

export function batcher<T>(quietMs: number, flush: (items: T[]) => void): Batcher<T> {
  let items: T[] = []
  let timer: NodeJS.Timeout | undefined
  return {
    add(item) {
      items.push(item)
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        const batch = items
        items = []
        flush(batch)
      }, quietMs)
    },
    cancel() {
      if (timer) clearTimeout(timer)
      timer = undefined
      items = []
    },
  }
}
