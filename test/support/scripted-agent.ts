// One scripted model server and one reference agent pointed at it per test, both closed after the test.
import { afterEach } from 'vitest'
import type { LlmEntry } from '../../dsl/schema.js'
import type { LlmServer } from '../../runner/llm/server.js'
import { startAgent, type AgentHandle } from './agent-process.js'
import { startScriptedModel } from './model-server.js'

export type StartScripted = (entries: LlmEntry[], env?: Record<string, string>) => Promise<{ server: LlmServer; agent: AgentHandle }>

/** Registers the cleanup in the calling test file and returns the starter its tests call. */
export function useScriptedAgent(): StartScripted {
  let server: LlmServer | undefined
  let agent: AgentHandle | undefined
  afterEach(async () => {
    await agent?.close()
    await server?.close()
    agent = server = undefined
  })
  return async (entries, env = {}) => {
    const model = await startScriptedModel(entries)
    server = model.server
    agent = startAgent(model.baseUrl, env)
    return { server, agent }
  }
}
