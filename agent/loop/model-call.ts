// One model step with bounded retries: each attempt is logged, failures go through the table.
import type { AgentConfig } from '../config.js'
import type { SessionLog } from '../log/writer.js'
import type { ChatRequest } from './chat-types.js'
import { backoffDelay, decideFailure, describeFailure, exhaustedMessage } from './failures.js'
import { streamCompletion } from './model-client.js'
import type { Delta, StreamState } from './stream-state.js'

export type StepOutcome =
  | { kind: 'done'; state: StreamState }
  | { kind: 'cancelled'; state: StreamState }
  /** End the turn normally, telling the user `message`; `state` holds any partial reply. */
  | { kind: 'end'; message: string; state: StreamState; failure: string }
  /** Answer the prompt with a JSON-RPC error. */
  | { kind: 'error'; message: string }

/** Resolves after `ms`, or early (false) when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

export async function callModel(options: {
  config: AgentConfig
  log: SessionLog
  step: number
  request: ChatRequest
  signal: AbortSignal
  onDelta: (delta: Delta) => void
}): Promise<StepOutcome> {
  const { config, log, step, request, signal } = options
  const attempts = config.maxRetries + 1
  for (let attempt = 1; ; attempt++) {
    log.write({
      type: 'model/request',
      step,
      attempt,
      model: request.model,
      messages: request.messages.length,
      tools: request.tools.map((tool) => tool.function.name),
    })
    const outcome = await streamCompletion({
      url: `${config.baseUrl}/chat/completions`,
      apiKey: config.apiKey,
      body: request,
      signal,
      stallTimeoutMs: config.stallTimeoutMs,
      onDelta: (delta) => {
        log.write({ type: delta.kind === 'text' ? 'assistant/text' : 'assistant/reasoning', step, text: delta.text })
        options.onDelta(delta)
      },
    })
    if (outcome.kind !== 'failed') return outcome
    const decision = decideFailure(outcome.failure)
    const failure = `${decision.rule}: ${describeFailure(outcome.failure)}`
    if (decision.action === 'error') return { kind: 'error', message: decision.message }
    if (decision.action === 'end_turn') return { kind: 'end', message: decision.message, state: outcome.state, failure }
    if (attempt >= attempts) {
      return { kind: 'end', message: exhaustedMessage(outcome.failure, attempts), state: outcome.state, failure }
    }
    const delayMs = backoffDelay(attempt, outcome.failure, config.retryBaseMs, config.retryMaxMs)
    log.write({ type: 'model/retry', step, attempt, failure, delayMs })
    process.stderr.write(`acp-reference-agent: model call failed (${failure}); retry ${attempt}/${config.maxRetries} in ${delayMs} ms\n`)
    if (!(await sleep(delayMs, signal))) return { kind: 'cancelled', state: outcome.state }
  }
}
