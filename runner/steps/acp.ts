// Executors of the generic ACP steps: handshake, sessions, prompts, cancels and waits on the wire.
import { existsSync } from 'node:fs'
import { sdk } from '../acp-sdk.js'
import type { Step } from '../../dsl/schema.js'
import { insideRoot } from '../sandbox.js'
import { paramsOf, updateKind, type JsonObject } from '../wire.js'
import { StepError, type StepContext, type StepExecutor } from './context.js'
import { agentText, awaitTurn, describeError, requireSession, sendCancel, sendPrompt, textPrompt, toOutcome, updatesSincePrompt, waitForWire } from './prompt.js'

type Exec<Op extends Step['op']> = StepExecutor<Extract<Step, { op: Op }>>

const initialize: Exec<'initialize'> = async (step, ctx) => {
  const caps = ctx.input.clientCapabilities ?? ctx.agent.clientCapabilities ?? {}
  const clientCapabilities = {
    fs: { readTextFile: caps.fs?.readTextFile ?? false, writeTextFile: caps.fs?.writeTextFile ?? false },
    terminal: caps.terminal ?? false,
    ...(step.terminalOutput ? { _meta: { terminal_output: true } } : {}),
  }
  ctx.waiting('the initialize response')
  const outcome = await toOutcome(
    ctx.client.request(sdk().methods.agent.initialize, {
      protocolVersion: sdk().PROTOCOL_VERSION,
      clientCapabilities,
      clientInfo: { name: 'acp-scenario', version: '0' },
    }),
  )
  if (!outcome.ok) throw new StepError(`initialize was answered with ${describeError(outcome.error)}`)
}

async function openSession(ctx: StepContext, params: Record<string, unknown>): Promise<ReturnType<typeof toOutcome>> {
  ctx.waiting('the session/new response')
  return toOutcome(ctx.client.request(sdk().methods.agent.session.new, { cwd: ctx.sandbox.cwd, mcpServers: [], ...params }))
}

const newSession: Exec<'newSession'> = async (_step, ctx) => {
  const outcome = await openSession(ctx, {})
  if (!outcome.ok) throw new StepError(`session/new was answered with ${describeError(outcome.error)}`)
  const sessionId = (outcome.result as { sessionId?: unknown } | null)?.sessionId
  if (typeof sessionId !== 'string') throw new StepError('session/new answered without a sessionId')
  ctx.state.sessionId = sessionId
  ctx.state.promptStart = ctx.log.messages.length
}

const newSessionExpectError: Exec<'newSessionExpectError'> = async (step, ctx) => {
  const outcome = await openSession(ctx, step.additionalDirectories ? { additionalDirectories: step.additionalDirectories } : {})
  if (outcome.ok) throw new StepError('expected session/new to be answered with a JSON-RPC error, but it succeeded')
}

const promptWith = async (ctx: StepContext, op: string, content: Parameters<typeof sendPrompt>[2], at?: string): Promise<void> => {
  const outcome = await awaitTurn(ctx, sendPrompt(ctx, op, content, at))
  if (!outcome.ok) throw new StepError(`session/prompt was answered with ${describeError(outcome.error)}`)
}

const prompt: Exec<'prompt'> = (step, ctx) => promptWith(ctx, step.op, textPrompt(step.text), step.at)
const promptContent: Exec<'promptContent'> = (step, ctx) => promptWith(ctx, step.op, step.content, step.at)

const promptExpectError: Exec<'promptExpectError'> = async (step, ctx) => {
  const outcome = await awaitTurn(ctx, sendPrompt(ctx, step.op, textPrompt(step.text), step.at))
  if (outcome.ok) throw new StepError('expected session/prompt to be answered with a JSON-RPC error, but it succeeded')
}

const waitForMessageText = (ctx: StepContext, text: string): Promise<true> =>
  waitForWire(ctx, `an agent message containing ${JSON.stringify(text)}`, () => agentText(updatesSincePrompt(ctx)).includes(text) || undefined)

const promptAndWaitForAgentMessage: Exec<'promptAndWaitForAgentMessage'> = async (step, ctx) => {
  sendPrompt(ctx, step.op, textPrompt(step.text), step.at)
  await waitForMessageText(ctx, step.waitForText)
}

async function waitForFileInCwd(ctx: StepContext, path: string): Promise<void> {
  const full = insideRoot(ctx.sandbox.cwd, path, 'waitForFile path')
  ctx.waiting(`the file ${path} in the agent's cwd`)
  while (!existsSync(full)) await ctx.sleep(20)
}

const promptAndCancel: Exec<'promptAndCancel'> = async (step, ctx) => {
  sendPrompt(ctx, step.op, textPrompt(step.text), step.at)
  if (step.waitForFile) await waitForFileInCwd(ctx, step.waitForFile.path)
  await sendCancel(ctx, step.op)
}

const cancel: Exec<'cancel'> = async (step, ctx) => {
  if (step.waitForFile) await waitForFileInCwd(ctx, step.waitForFile.path)
  await sendCancel(ctx, step.op)
}

const waitForFile: Exec<'waitForFile'> = (step, ctx) => waitForFileInCwd(ctx, step.path)

const waitForAgentMessage: Exec<'waitForAgentMessage'> = async (step, ctx) => {
  requireSession(ctx, step.op)
  await waitForMessageText(ctx, step.text)
}

/**
 * A matching tool_call, and its next event: a permission request (before or after it on the wire) or a
 * tool_call_update for the same id. Waiting for that second event means a following cancel lands at a defined point (during the
 * permission prompt, or while the tool runs), never in the gap between the announcement and the request.
 */
const waitForToolCall: Exec<'waitForToolCall'> = async (step, ctx) => {
  requireSession(ctx, step.op)
  const wanted = [step.kind && `kind ${step.kind}`, step.title && `a title containing ${JSON.stringify(step.title)}`].filter(Boolean).join(' and ')
  const matches = (u: JsonObject): boolean =>
    u.sessionUpdate === 'tool_call' && (!step.kind || u.kind === step.kind) && (!step.title || String(u.title ?? '').includes(step.title))
  await waitForWire(ctx, `a tool_call${wanted ? ` with ${wanted}` : ''} and its permission request or first update`, () => {
    const messages = ctx.log.messages
    for (let i = ctx.state.promptStart; i < messages.length; i++) {
      const w = messages[i]!
      const update = paramsOf(w.message).update as JsonObject | undefined
      if (w.from !== 'agent' || !updateKind(w.message) || !update || !matches(update)) continue
      const id = update.toolCallId
      // Agents may put the permission request on the wire before the tool_call notification.
      const permission = messages.slice(ctx.state.promptStart).some((w2) => w2.from === 'agent' && isPermissionFor(w2.message, id))
      if (permission || messages.slice(i + 1).some((later) => later.from === 'agent' && isUpdateFor(later.message, id))) return true
    }
    return undefined
  })
}

const isPermissionFor = (m: JsonObject, toolCallId: unknown): boolean =>
  m.method === 'session/request_permission' && (paramsOf(m).toolCall as JsonObject | undefined)?.toolCallId === toolCallId
const isUpdateFor = (m: JsonObject, toolCallId: unknown): boolean =>
  updateKind(m) === 'tool_call_update' && (paramsOf(m).update as JsonObject).toolCallId === toolCallId

const promptAndCancelAfterChunks: Exec<'promptAndCancelAfterChunks'> = async (step, ctx) => {
  sendPrompt(ctx, step.op, textPrompt(step.text), step.at)
  await waitForWire(ctx, `${step.chunks} agent_message_chunk notifications`, () =>
    updatesSincePrompt(ctx).filter((u) => u.sessionUpdate === 'agent_message_chunk').length >= step.chunks || undefined,
  )
  await sendCancel(ctx, step.op)
}

export const acpSteps = {
  initialize,
  newSession,
  newSessionExpectError,
  prompt,
  promptContent,
  promptExpectError,
  promptAndWaitForAgentMessage,
  promptAndCancel,
  cancel,
  waitForFile,
  waitForAgentMessage,
  waitForToolCall,
  promptAndCancelAfterChunks,
}
