// The project's loopback model server on a script, as the agent's e2e tests use it, and readers of what the agent sent.
import type { LlmEntry } from '../../dsl/schema.js'
import type { Part } from '../../runner/llm/neutral.js'
import { startLlmServer, type LlmServer } from '../../runner/llm/server.js'

export type ToolResult = Extract<Part, { type: 'tool_result' }>

/** Serves `entries` in the OpenAI chat wire; `baseUrl` includes /v1, as real providers' base URLs do. */
export async function startScriptedModel(entries: LlmEntry[]): Promise<{ server: LlmServer; baseUrl: string }> {
  const server = await startLlmServer({ wire: 'openai-chat', source: { kind: 'script', entries } })
  return { server, baseUrl: `${server.url}/v1` }
}

/** The neutral request of model call `index` (0-based), failing clearly when the agent made fewer calls. */
export function requestAt(server: LlmServer, index: number) {
  const calls = server.calls()
  const call = calls[index]
  if (!call) throw new Error(`model call #${index + 1} was never made (the agent made ${calls.length})`)
  return call.request
}

/** The tool results the model received in call `index` (0-based), in message order. */
export const toolResults = (server: LlmServer, index: number): ToolResult[] =>
  requestAt(server, index)
    .messages.filter((m) => m.role === 'tool')
    .flatMap((m) => m.content)
    .filter((p): p is ToolResult => p.type === 'tool_result')
