// One prompt turn: model steps with tool calls until the model stops, a failure ends the turn,
// or session/cancel aborts it. Always answers with a stop reason or a JSON-RPC error.
import { RequestError, type AgentContext, type ClientCapabilities, type ContentBlock, type PromptResponse, type SessionUpdate, type StopReason } from '@agentclientprotocol/sdk'
import type { Session } from '../acp/session.js'
import type { AgentConfig } from '../config.js'
import { fileAccess } from '../tools/file-access.js'
import type { ProcessRegistry } from '../tools/processes.js'
import { CHAT_TOOLS } from '../tools/table.js'
import type { ChatMessage } from './chat-types.js'
import { callModel } from './model-call.js'
import { promptText } from './prompt-text.js'
import { finishedToolCalls, type StreamState } from './stream-state.js'
import { systemPrompt } from './system-prompt.js'
import { runToolCall } from './tool-call.js'

export interface TurnDeps {
  config: AgentConfig
  client: AgentContext
  clientCapabilities: ClientCapabilities | undefined
  processes: ProcessRegistry
}

/** finish_reason -> stop reason for a step that called no tools. */
const STOP_REASONS: Record<string, StopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
}

function assistantMessage(state: StreamState, step: number, turn: number): ChatMessage {
  const toolCalls = finishedToolCalls(state, (index) => `call_${turn}_${step}_${index}`)
  return toolCalls.length > 0
    ? { role: 'assistant', content: state.text || null, tool_calls: toolCalls }
    : { role: 'assistant', content: state.text }
}

export async function runTurn(deps: TurnDeps, session: Session, prompt: ContentBlock[]): Promise<PromptResponse> {
  if (session.running) throw RequestError.invalidRequest(undefined, `session ${session.id} is already answering a prompt`)
  const controller = new AbortController()
  session.running = controller
  const signal = controller.signal
  const turn = ++session.turns
  const { log } = session
  // Notifications are chained so they reach stdout in order and all before the prompt response.
  let updates: Promise<void> = Promise.resolve()
  const send = (update: SessionUpdate) => {
    updates = updates
      .then(() => deps.client.notify('session/update', { sessionId: session.id, update }))
      .catch((error: unknown) => {
        process.stderr.write(`acp-reference-agent: session/update failed: ${String(error)}\n`)
      })
  }
  const flush = (): Promise<void> => updates
  let openStep: number | undefined
  const endStep = (finish: string) => {
    if (openStep === undefined) return
    log.write({ type: 'step/end', turn, step: openStep, finish })
    openStep = undefined
  }
  const endTurn = async (stopReason: StopReason, message?: string): Promise<PromptResponse> => {
    endStep(stopReason)
    log.write({ type: 'turn/end', turn, reason: stopReason, ...(message ? { message } : {}) })
    await updates
    return { stopReason }
  }

  try {
    log.write({ type: 'turn/start', turn })
    session.history.push({ role: 'user', content: promptText(prompt) })
    const toolContext = {
      root: session.root,
      signal,
      files: fileAccess(deps.client, session.id, deps.clientCapabilities),
      processes: deps.processes,
      commandTimeoutMs: deps.config.commandTimeoutMs,
    }
    for (let step = 1; step <= deps.config.maxSteps; step++) {
      openStep = step
      log.write({ type: 'step/start', turn, step })
      const outcome = await callModel({
        config: deps.config,
        log,
        step,
        signal,
        request: {
          model: deps.config.model,
          messages: [{ role: 'system', content: systemPrompt(session.cwd) }, ...session.history],
          tools: CHAT_TOOLS,
          stream: true,
          stream_options: { include_usage: true },
        },
        onDelta: (delta) =>
          send({
            sessionUpdate: delta.kind === 'text' ? 'agent_message_chunk' : 'agent_thought_chunk',
            content: { type: 'text', text: delta.text },
          }),
      })
      if (outcome.kind === 'error') {
        endStep('error')
        log.write({ type: 'turn/end', turn, reason: 'error', message: outcome.message })
        await updates
        throw RequestError.internalError({ reason: outcome.message }, outcome.message)
      }
      if (outcome.kind !== 'done') {
        // A partial reply stays in the history (without unfinished tool calls) so the next turn has context.
        if (outcome.state.text) session.history.push({ role: 'assistant', content: outcome.state.text })
        if (outcome.kind === 'cancelled') return await endTurn('cancelled')
        send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: outcome.message } })
        return await endTurn('end_turn', outcome.failure)
      }
      const message = assistantMessage(outcome.state, step, turn)
      session.history.push(message)
      if (message.role === 'assistant' && message.tool_calls) {
        for (const call of message.tool_calls) {
          // Every call needs a result in the history, even the ones a cancel skipped.
          session.history.push(
            signal.aborted
              ? { role: 'tool', tool_call_id: call.id, content: 'Cancelled by the user before it ran.' }
              : await runToolCall({ session, client: deps.client, step, send, flush, context: toolContext }, call),
          )
        }
        if (signal.aborted) return await endTurn('cancelled')
        endStep('tool_calls')
        continue
      }
      if (signal.aborted) return await endTurn('cancelled')
      const finish = outcome.state.finishReason ?? 'stop'
      endStep(finish)
      return await endTurn(STOP_REASONS[finish] ?? 'end_turn')
    }
    return await endTurn('max_turn_requests')
  } catch (error) {
    if (error instanceof RequestError) throw error
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`acp-reference-agent: turn ${turn} failed: ${error instanceof Error ? error.stack : message}\n`)
    try {
      endStep('error')
      log.write({ type: 'turn/end', turn, reason: 'error', message })
    } catch {
      // The log itself is what failed; it was reported on stderr already.
    }
    await updates
    throw RequestError.internalError({ reason: message }, message)
  } finally {
    session.running = undefined
  }
}
