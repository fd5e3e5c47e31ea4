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
