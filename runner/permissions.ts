// The FIFO of scripted permission answers: each session/request_permission takes the next one.
import type { PermissionAnswer } from '../dsl/schema.js'

export interface PermissionOption {
  optionId: string
  kind?: string
  name?: string
}

export type PermissionOutcome = { outcome: 'cancelled' } | { outcome: 'selected'; optionId: string }

export interface PermissionDecision {
  outcome: PermissionOutcome
  /** Set when the answer could not be honoured: the scenario fails with this message. */
  problem?: string
}

export class PermissionQueue {
  private readonly answers: PermissionAnswer[]
  constructor(answers: PermissionAnswer[] = []) {
    this.answers = [...answers]
  }

  /** Answers one request from the agent; an empty queue answers `cancelled`. */
  answer(options: PermissionOption[]): PermissionDecision {
    const next = this.answers.shift()
    if (!next) return { outcome: { outcome: 'cancelled' } }
    const offered = options.map((o) => `${o.optionId}${o.kind ? ` (${o.kind})` : ''}`).join(', ') || 'none'
    const where = next.at ? ` (${next.at})` : ''
    const chosen = 'kind' in next ? options.find((o) => o.kind === next.kind) : options.find((o) => o.optionId === next.optionId)
    if (chosen) return { outcome: { outcome: 'selected', optionId: chosen.optionId } }
    const wanted = 'kind' in next ? `an option of kind ${next.kind}` : `option ${next.optionId}`
    return { outcome: { outcome: 'cancelled' }, problem: `permission answer${where} wanted ${wanted}, but the agent offered: ${offered}` }
  }

  /** Answers never used, for the end-of-scenario check. */
  remaining(): PermissionAnswer[] {
    return [...this.answers]
  }
}

/**
 * Serves permission requests from the queue. With the queue empty the answer is `cancelled`, but it is
 * held back while the scenario is in a step that does not await the turn (e.g. waiting for a tool call
 * before a cancel): it goes out when the runner cancels, starts awaiting the turn, or finishes the steps.
 * That is when a real client would answer, and it keeps "cancel during a permission prompt" deterministic.
 */
export class PermissionGate {
  private held: (() => void)[] = []
  private holding = false
  constructor(
    private readonly queue: PermissionQueue,
    private readonly fail: (message: string) => void,
  ) {}

  async request(options: PermissionOption[]): Promise<PermissionOutcome> {
    const decision = this.queue.answer(options)
    if (decision.problem) this.fail(decision.problem)
    if (decision.outcome.outcome === 'cancelled' && !decision.problem && this.holding) {
      await new Promise<void>((resolve) => this.held.push(resolve))
    }
    return decision.outcome
  }

  /** Whether an empty-queue answer is held back now. */
  hold(on: boolean): void {
    this.holding = on
    if (!on) this.release()
  }

  /** Answers every held request (`cancelled`). */
  release(): void {
    const held = this.held
    this.held = []
    for (const resolve of held) resolve()
  }

  heldCount(): number {
    return this.held.length
  }
}
