// Steps that watch the agent's own session log (DeepSeek Harness vocabulary): turn starts and ends,
// subagents, goal phases, inbox messages, titles. Agents without a configured log cannot run them.
import type { Step } from '../../dsl/schema.js'
import { readSessionEvents } from '../session-log.js'
import { StepError, type StepContext, type StepExecutor } from './context.js'
import { awaitTurn, describeError } from './prompt.js'

type Event = Record<string, unknown>
type Exec<Op extends Step['op']> = StepExecutor<Extract<Step, { op: Op }>>

function events(ctx: StepContext, op: string): () => Event[] {
  const log = ctx.agent.sessionLog
  if (!log) {
    throw new StepError(`${op} is not supported by agent "${ctx.agent.name}": it reads the agent's session log, and the agent config names none (sessionLog)`)
  }
  return () => readSessionEvents(ctx.sandbox.logDir, log.glob)
}

/** Polls the session log until `check` holds (the log is written by another process, so no events to await). */
async function until(ctx: StepContext, what: string, read: () => Event[], check: (events: Event[]) => boolean): Promise<void> {
  ctx.waiting(what)
  while (!check(read())) await ctx.sleep(25)
}

const count = (events: Event[], type: string, extra: (e: Event) => boolean = () => true): number => events.filter((e) => e.type === type && extra(e)).length
const afterLastTurnEnd = (events: Event[]): Event[] => events.slice(events.map((e) => e.type).lastIndexOf('turn/end') + 1)
const hasAfterTurnEnd = (events: Event[], match: (e: Event) => boolean): boolean => count(events, 'turn/end') > 0 && afterLastTurnEnd(events).some(match)

const waitForTurnStart: Exec<'waitForTurnStart'> = (step, ctx) => {
  const minimum = step.minimumTurn ?? 1
  return until(ctx, `turn ${minimum} to start (turn/start in the session log)`, events(ctx, step.op), (e) => count(e, 'turn/start') >= minimum)
}

/** The in-flight prompt's response when there is one; otherwise every started turn has ended in the log. */
const waitForTurnEnd: Exec<'waitForTurnEnd'> = async (step, ctx) => {
  const inflight = ctx.state.inflight
  if (inflight) {
    const outcome = await awaitTurn(ctx, inflight)
    if (!outcome.ok) throw new StepError(`session/prompt was answered with ${describeError(outcome.error)}`)
    return
  }
  if (!ctx.agent.sessionLog) return
  await until(ctx, 'every started turn to end (turn/end in the session log)', events(ctx, step.op), (e) => count(e, 'turn/end') >= count(e, 'turn/start'))
}

const waitForSubagentTurnEnd: Exec<'waitForSubagentTurnEnd'> = (step, ctx) => {
  const minimum = step.minimumTurn ?? 1
  const child = (e: Event): boolean => step.child === undefined || e.child === step.child
  return until(ctx, `subagent${step.child !== undefined ? ` ${step.child}` : ''} turn ${minimum} to end (subagent/turn/end)`, events(ctx, step.op), (e) => count(e, 'subagent/turn/end', child) >= minimum)
}

const waitForGoalPhase: Exec<'waitForGoalPhase'> = (step, ctx) =>
  until(ctx, `goal phase ${JSON.stringify(step.phase)} (goal/phase)`, events(ctx, step.op), (e) => count(e, 'goal/phase', (x) => x.phase === step.phase) > 0)

const waitForInboxMessage: Exec<'waitForInboxMessage'> = (step, ctx) =>
  until(ctx, `an inbox message containing ${JSON.stringify(step.text)} (inbox/message)`, events(ctx, step.op), (e) => count(e, 'inbox/message', (x) => JSON.stringify(x).includes(step.text)) > 0)

const waitForTitleAfterTurnEnd: Exec<'waitForTitleAfterTurnEnd'> = (step, ctx) =>
  until(ctx, 'a session/title event after the turn ended', events(ctx, step.op), (e) => hasAfterTurnEnd(e, (x) => x.type === 'session/title'))

const waitForEventAfterTurnEnd: Exec<'waitForEventAfterTurnEnd'> = (step, ctx) =>
  until(ctx, `a ${step.type} event after the turn ended`, events(ctx, step.op), (e) => hasAfterTurnEnd(e, (x) => x.type === step.type))

export const agentLogSteps = {
  waitForTurnStart,
  waitForTurnEnd,
  waitForSubagentTurnEnd,
  waitForGoalPhase,
  waitForInboxMessage,
  waitForTitleAfterTurnEnd,
  waitForEventAfterTurnEnd,
}
