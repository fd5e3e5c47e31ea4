// Every model behaviour leads to a defined outcome (agent/OUTCOMES.md) within bounded time, and
// the agent is still alive and answers a second prompt afterwards.
import { describe, expect, it } from 'vitest'
import { BEHAVIOUR_NAMES, type BehaviourName } from '../../dsl/names.js'
import type { LlmEntry } from '../../dsl/schema.js'
import type { LlmServer } from '../../runner/llm/server.js'
import { DEFAULT_PARTIAL_TEXT, DEFAULT_TEXT } from '../../runner/llm/behaviours/index.js'
import { startAgent } from '../support/agent-process.js'
import { startScriptedModel } from '../support/model-server.js'
import { useScriptedAgent } from '../support/scripted-agent.js'

const startScripted = useScriptedAgent()

type Expected =
  | { outcome: 'reply'; stopReason: 'end_turn' | 'max_tokens'; text: string | RegExp; requests: number }
  | { outcome: 'error'; message: RegExp }
  | { outcome: 'any' }

const RECOVERED = 'Recovered.'
const partial = new RegExp(`^${DEFAULT_PARTIAL_TEXT}\n\n\\[The reply above is incomplete: the model stream ended early`)
const retried: Expected = { outcome: 'reply', stopReason: 'end_turn', text: RECOVERED, requests: 2 }
const ended = (text: RegExp): Expected => ({ outcome: 'reply', stopReason: 'end_turn', text, requests: 1 })

const EXPECTED: Record<BehaviourName, Expected> = {
  success: { outcome: 'reply', stopReason: 'end_turn', text: DEFAULT_TEXT, requests: 1 },
  reasoning_success: { outcome: 'reply', stopReason: 'end_turn', text: DEFAULT_TEXT, requests: 1 },
  slow_success: { outcome: 'reply', stopReason: 'end_turn', text: DEFAULT_TEXT, requests: 1 },
  tool_call_success: { outcome: 'reply', stopReason: 'end_turn', text: RECOVERED, requests: 2 },
  max_tokens: { outcome: 'reply', stopReason: 'max_tokens', text: DEFAULT_TEXT, requests: 1 },
  empty: { outcome: 'reply', stopReason: 'end_turn', text: '', requests: 1 },
  empty_body: retried,
  stream_eof: retried,
  stream_disconnect: retried,
  connection_reset: retried,
  connection_refused: retried,
  stall: retried,
  rate_limit: retried,
  server_error: retried,
  service_unavailable: retried,
  partial_eof: ended(partial),
  partial_disconnect: ended(partial),
  malformed_json: { outcome: 'error', message: /malformed model stream: event data is not JSON/ },
  malformed_event: { outcome: 'error', message: /malformed model stream: event is not a chat.completion.chunk/ },
  wrong_content_type: { outcome: 'error', message: /malformed model stream: expected content-type text\/event-stream/ },
  auth_error: ended(/rejected the credentials \(HTTP 401/),
  invalid_request: ended(/rejected the request \(HTTP 400/),
  context_overflow: ended(/too long for the model's context window/),
  quota_exceeded: ended(/no quota left \(HTTP 429 insufficient_quota/),
  random: { outcome: 'any' },
}

/** Model calls the server received (refused, reset and stalled ones included). */
const modelCalls = (server: LlmServer) => server.calls().length

const entryFor = (behaviour: BehaviourName): LlmEntry =>
  behaviour === 'tool_call_success'
    ? { behaviour, toolCalls: [{ name: 'list_files', arguments: {} }] }
    : behaviour === 'partial_disconnect'
      ? // The server resets the socket (RST); a reset right after the write can make the kernel drop the
        // partial bytes before the agent reads them, so leave a moment for them to arrive first.
        { behaviour, disconnectAfterMs: 50 }
      : behaviour === 'random'
      ? { behaviour, seed: 7, weights: { success: 1, stall: 1, malformed_json: 1 } }
      : { behaviour }

describe('reference agent: every model behaviour has a defined outcome', () => {
  it.each(BEHAVIOUR_NAMES.map((behaviour) => ({ behaviour })))('$behaviour', async ({ behaviour }) => {
    const { server, agent } = await startScripted([entryFor(behaviour), { behaviour: 'success', text: RECOVERED, repeat: true }])
    await agent.initialize()
    const sessionId = await agent.newSession()
    const expected = EXPECTED[behaviour]
    const outcome = await agent.prompt(sessionId, 'hello').then(
      (response) => ({ response }),
      (error: Error) => ({ error }),
    )
    if (expected.outcome === 'reply') {
      expect(outcome).toHaveProperty('response.stopReason', expected.stopReason)
      const text = agent.messageText(sessionId)
      if (typeof expected.text === 'string') expect(text).toBe(expected.text)
      else expect(text).toMatch(expected.text)
      expect(modelCalls(server)).toBe(expected.requests)
    } else if (expected.outcome === 'error') {
      expect(outcome).toHaveProperty('error')
      expect((outcome as { error: Error }).error.message).toMatch(expected.message)
    }
    expect(agent.alive()).toBe(true)
    const before = agent.messageText(sessionId)
    expect(await agent.prompt(sessionId, 'again')).toEqual({ stopReason: 'end_turn' })
    expect(agent.messageText(sessionId).slice(before.length)).toBe(RECOVERED)
  })
})

describe('reference agent: retries are bounded', () => {
  it.each([
    { behaviour: 'rate_limit', failure: /HTTP 429 rate_limit_exceeded/ },
    { behaviour: 'service_unavailable', failure: /HTTP 503/ },
    { behaviour: 'stall', failure: /stalled/ },
  ] as const)('$behaviour on every attempt ends the turn after AGENT_MAX_RETRIES', async ({ behaviour, failure }) => {
    const { server, agent } = await startScripted([{ behaviour, retryAfter: 30, repeat: true }], { AGENT_MAX_RETRIES: '2' })
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect(await agent.prompt(sessionId, 'hello')).toEqual({ stopReason: 'end_turn' })
    expect(agent.messageText(sessionId)).toMatch(new RegExp(`failed 3 times in a row; giving up on this turn. Last error: .*${failure.source}`))
    expect(modelCalls(server)).toBe(3)
    expect(agent.alive()).toBe(true)
  })

  it('gives up on a refused connection (nothing listening) with a clear message', async () => {
    const closed = await startScriptedModel([])
    await closed.server.close()
    const agent = startAgent(closed.baseUrl, { AGENT_MAX_RETRIES: '1' })
    try {
      await agent.initialize()
      const sessionId = await agent.newSession()
      expect(await agent.prompt(sessionId, 'hello')).toEqual({ stopReason: 'end_turn' })
      expect(agent.messageText(sessionId)).toMatch(/failed 2 times in a row.*connection failed \(ECONNREFUSED\)/)
    } finally {
      await agent.close()
    }
  })
})
