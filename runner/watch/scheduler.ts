// Runs scenarios for watch mode: at most `workers` at once, each name at most once at a time; asking
// again for a running scenario supersedes it (its run is aborted, which reaps its agent, then it reruns).
import type { Mode } from '../scenario-run.js'

export type WatchMode = Extract<Mode, 'run' | 'update'>

export interface SchedulerHooks<R> {
  run(name: string, mode: WatchMode, signal: AbortSignal): Promise<R>
  /** A run that finished without being superseded or stopped. */
  finished(name: string, mode: WatchMode, result: R): void
  /** A run that threw (a configuration problem, not a scenario failure). */
  crashed(name: string, error: unknown): void
  /** Nothing is running or waiting any more. */
  idle(): void
}

export class Scheduler<R> {
  private readonly waiting = new Map<string, WatchMode>()
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  private stopped = false

  constructor(
    private workers: number,
    private readonly hooks: SchedulerHooks<R>,
  ) {}

  /** A new limit (the config's `workers` changed): more start at once now; fewer once running ones end. */
  setWorkers(workers: number): void {
    this.workers = workers
    this.pump()
  }

  /** Queues the names (update wins over run for a name already waiting) and supersedes their running runs. */
  request(names: Iterable<string>, mode: WatchMode): void {
    if (this.stopped) return
    for (const name of names) {
      this.waiting.set(name, this.waiting.get(name) === 'update' ? 'update' : mode)
      this.running.get(name)?.controller.abort()
    }
    this.pump()
  }

  /** Aborts the running runs of these names without rerunning them (e.g. while their agent rebuilds). */
  cancel(names: Iterable<string>): void {
    for (const name of names) {
      this.waiting.delete(name)
      this.running.get(name)?.controller.abort()
    }
  }

  busy(): boolean {
    return this.running.size > 0 || this.waiting.size > 0
  }

  /** Stops everything: nothing new starts, running runs are aborted and awaited (their agents reaped). */
  async stop(): Promise<void> {
    this.stopped = true
    this.waiting.clear()
    for (const { controller } of this.running.values()) controller.abort()
    await Promise.all([...this.running.values()].map((r) => r.done))
  }

  private pump(): void {
    for (const [name, mode] of this.waiting) {
      if (this.stopped || this.running.size >= this.workers) return
      if (this.running.has(name)) continue
      this.waiting.delete(name)
      this.start(name, mode)
    }
    if (!this.busy() && !this.stopped) this.hooks.idle()
  }

  private start(name: string, mode: WatchMode): void {
    const controller = new AbortController()
    const done = this.hooks
      .run(name, mode, controller.signal)
      .then(
        (result) => {
          if (!controller.signal.aborted) this.hooks.finished(name, mode, result)
        },
        (error: unknown) => {
          if (!controller.signal.aborted) this.hooks.crashed(name, error)
        },
      )
      .finally(() => {
        this.running.delete(name)
        this.pump()
      })
    this.running.set(name, { controller, done })
  }
}
