// Runs one tool call the model asked for: report it, ask permission when needed, execute, report
// the result. Every path ends with exactly one tool/result and one tool message for the model.
import type { AgentContext, SessionUpdate } from '@agentclientprotocol/sdk'
import type { Session } from '../acp/session.js'
import { PERMISSION_OPTIONS, requestPermission, type PermissionDecision } from '../permissions.js'
import { TOOLS_BY_NAME } from '../tools/table.js'
import { failed, textContent, type ToolContext, type ToolOutcome } from '../tools/types.js'
import type { ChatMessage, ChatToolCall } from './chat-types.js'

export interface ToolCallDeps {
  session: Session
  client: AgentContext
  step: number
  send: (update: SessionUpdate) => void
  /** Resolves once every update sent so far is written, so a request never overtakes them. */
  flush: () => Promise<void>
  context: ToolContext
}

const REJECTED: Record<PermissionDecision['decision'], string> = {
  allow_once: '',
  allow_always: '',
  reject_once: 'The user rejected this tool call.',
  reject_always: 'The user rejected this tool call and all further calls of this tool in this session.',
  cancelled: 'The permission request was cancelled; the tool did not run.',
}

function parseArguments(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(raw) }
  } catch {
    return { ok: false, error: `tool arguments are not valid JSON: ${raw.slice(0, 200)}` }
  }
}

export async function runToolCall(deps: ToolCallDeps, call: ChatToolCall): Promise<ChatMessage> {
  const { session, send } = deps
  const toolCallId = session.uniqueToolCallId(call.id)
  const args = parseArguments(call.function.arguments)
  const rawInput = args.ok ? args.value : call.function.arguments
  session.log.write({ type: 'tool/call', step: deps.step, toolCallId, name: call.function.name, input: rawInput })

  const finish = ({ status, output, content, rawOutput }: ToolOutcome): ChatMessage => {
    send({ sessionUpdate: 'tool_call_update', toolCallId, status, content, rawOutput })
    session.log.write({ type: 'tool/result', toolCallId, status, output })
    return { role: 'tool', tool_call_id: call.id, content: output }
  }
  const fail = (message: string) => finish(failed(message))

  const tool = TOOLS_BY_NAME.get(call.function.name)
  const parsed = tool && args.ok ? tool.parse(args.value) : undefined
  if (!tool || !parsed?.ok) {
    send({ sessionUpdate: 'tool_call', toolCallId, title: call.function.name || 'unknown tool', kind: 'other', status: 'pending', rawInput })
    if (!tool) return fail(`unknown tool ${JSON.stringify(call.function.name)}; available: ${[...TOOLS_BY_NAME.keys()].join(', ')}`)
    return fail(!args.ok ? args.error : (parsed as { error: string }).error)
  }

  const title = tool.title(parsed.input)
  const locations = tool.locations(parsed.input, session.root)
  send({ sessionUpdate: 'tool_call', toolCallId, title, kind: tool.kind, status: 'pending', locations, rawInput })

  if (tool.needsPermission) {
    let decision = session.permissions.recall(tool.name)
    if (!decision) {
      session.log.write({ type: 'permission/asked', toolCallId, options: PERMISSION_OPTIONS.map((o) => o.optionId) })
      await deps.flush()
      decision = await requestPermission(
        deps.client,
        session.id,
        { toolCallId, title, kind: tool.kind, status: 'pending', locations, rawInput },
        deps.context.signal,
      )
      if (decision.decision !== 'cancelled') session.permissions.remember(tool.name, decision.decision)
    }
    session.log.write({ type: 'permission/decided', toolCallId, decision: decision.decision, remembered: decision.remembered })
    if (!decision.allowed) {
      const message = REJECTED[decision.decision]
      return finish({ status: 'failed', output: message, content: [textContent(message)], rawOutput: { rejected: decision.decision } })
    }
  }

  if (deps.context.signal.aborted) return fail('cancelled before it started')
  send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' })
  await deps.flush()
  return finish(await tool.run(parsed.input, deps.context))
}
