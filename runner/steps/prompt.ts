// Sending a prompt and following its turn through the wire log.
import { sdk } from '../acp-sdk.js'
import type { ContentBlock } from '../../dsl/schema.js'
import { paramsOf, updateKind, type JsonObject } from '../wire.js'
import { StepError, type InflightPrompt, type PromptOutcome, type StepContext } from './context.js'

export function requireSession(ctx: StepContext, op: string): string {
  if (!ctx.state.sessionId) throw new StepError(`${op} needs a session: add newSession() before it`)
  return ctx.state.sessionId
}

export function toOutcome(promise: Promise<unknown>): Promise<PromptOutcome> {
  return promise.then(
    (result): PromptOutcome => ({ ok: true, result }),
    (error: unknown): PromptOutcome => {
      const e = error as { code?: number; message?: string; data?: unknown }
      return { ok: false, error: { ...(typeof e.code === 'number' ? { code: e.code } : {}), message: e.message ?? String(error), ...(e.data !== undefined ? { data: e.data } : {}) } }
    },
  )
}

/** Sends session/prompt without waiting; the turn becomes the in-flight prompt. */
export function sendPrompt(ctx: StepContext, op: string, prompt: ContentBlock[], at?: string): InflightPrompt {
  const sessionId = requireSession(ctx, op)
  if (ctx.state.inflight && !ctx.state.inflight.settled) {
    throw new StepError(`${op}: a prompt${ctx.state.inflight.at ? ` (${ctx.state.inflight.at})` : ''} is still running; wait for its turn to end first (waitForTurnEnd)`)
  }
  const promptStart = ctx.log.messages.length
  const inflight: InflightPrompt = {
    ...(at ? { at } : {}),
    outcome: toOutcome(ctx.client.request(sdk().methods.agent.session.prompt, { sessionId, prompt })),
  }
  void inflight.outcome.then((o) => (inflight.settled = o))
  ctx.state.inflight = inflight
  ctx.state.promptStart = promptStart
  return inflight
}

export const textPrompt = (text: string): ContentBlock[] => [{ type: 'text', text }]

export function describeError(error: { code?: number; message: string }): string {
  return `${error.code !== undefined ? `error ${error.code}: ` : 'error: '}${error.message}`
}

/** Waits for the in-flight prompt's response and returns it. */
export async function awaitTurn(ctx: StepContext, inflight: InflightPrompt): Promise<PromptOutcome> {
  ctx.waiting(`the session/prompt response${inflight.at ? ` to the prompt at ${inflight.at}` : ''}`)
  ctx.permissions.hold(false)
  return inflight.outcome
}

export async function sendCancel(ctx: StepContext, op: string): Promise<void> {
  const sessionId = requireSession(ctx, op)
  await ctx.client.notify(sdk().methods.agent.session.cancel, { sessionId })
  ctx.permissions.release()
}

/** session/update notifications of the current session since the latest prompt. */
export function updatesSincePrompt(ctx: StepContext): JsonObject[] {
  return ctx.log.messages
    .slice(ctx.state.promptStart)
    .filter((w) => w.from === 'agent' && updateKind(w.message) && paramsOf(w.message).sessionId === ctx.state.sessionId)
    .map((w) => paramsOf(w.message).update as JsonObject)
}

export function agentText(updates: JsonObject[]): string {
  return updates
    .filter((u) => u.sessionUpdate === 'agent_message_chunk')
    .map((u) => {
      const content = u.content as JsonObject | undefined
      return content?.type === 'text' && typeof content.text === 'string' ? content.text : ''
    })
    .join('')
}

export async function waitForWire<T>(ctx: StepContext, what: string, check: () => T | undefined | false): Promise<T> {
  ctx.waiting(what)
  return ctx.log.when(check)
}
