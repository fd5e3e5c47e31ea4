// What a step executor works with, and the failure it throws.
import type { ScenarioInput, Step } from '../../dsl/schema.js'
import type { AcpClient } from '../client.js'
import type { PermissionGate } from '../permissions.js'
import type { ResolvedAgent } from '../config.js'
import type { Sandbox } from '../sandbox.js'
import type { WireLog } from '../wire-log.js'

/** A step could not do what the scenario says; the message says what was expected. */
export class StepError extends Error {
  override name = 'StepError'
}

export type PromptOutcome = { ok: true; result: unknown } | { ok: false; error: { code?: number; message: string; data?: unknown } }

export interface InflightPrompt {
  at?: string
  outcome: Promise<PromptOutcome>
  settled?: PromptOutcome
}

export interface StepContext {
  input: ScenarioInput
  agent: ResolvedAgent
  sandbox: Sandbox
  client: AcpClient
  log: WireLog
  permissions: PermissionGate
  state: {
    sessionId?: string
    inflight?: InflightPrompt
    /** Wire-log index where the latest prompt started: waits for messages look from here. */
    promptStart: number
  }
  /** Says what the step is waiting for, so a timeout can name it. */
  waiting(what: string): void
  /** Resolves after `ms`, or rejects when the scenario is stopping. */
  sleep(ms: number): Promise<void>
}

export type StepExecutor<S extends Step = Step> = (step: S, ctx: StepContext) => Promise<void>

export function describeStep(step: Step, index: number): string {
  return `step ${index + 1} (${step.op}${step.at ? ` at ${step.at}` : ''})`
}
