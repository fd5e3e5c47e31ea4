// Protocol checks over the whole wire log of a scenario. Each finding names its check, so an agent's
// config can downgrade named checks to warnings (warnChecks).
import { kindOf, paramsOf, resultOf, SESSION_REOPENS, SESSION_STARTS, updateKind, type WireMessage } from './wire.js'

export const CHECK_NAMES = ['json-rpc', 'request-answered', 'stop-reason', 'known-session', 'tool-call-order', 'update-after-turn'] as const
export type CheckName = (typeof CHECK_NAMES)[number]

export interface Violation {
  check: CheckName
  message: string
}

const STOP_REASONS = new Set(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'])

interface Pending {
  method: string
  answered: number
  index: number
}

/** `asyncKinds`: update kinds allowed outside a turn (e.g. available_commands_update). */
export function checkProtocol(log: WireMessage[], asyncKinds: string[] = []): Violation[] {
  const out: Violation[] = []
  const requests = { agent: new Map<string, Pending>(), client: new Map<string, Pending>() }
  const sessions = new Set<string>()
  const openTurns = new Map<string, number>()
  const toolCalls = new Set<string>()
  /** Sessions a prompt was sent for: updates before a session's first turn are fine. */
  const prompted = new Set<string>()
  const requestKey = (id: unknown): string => JSON.stringify(id)

  log.forEach((w, index) => {
    const m = w.message
    const kind = kindOf(m)
    const where = `message ${index + 1} (${w.from})`
    if (kind === 'invalid' || m.jsonrpc !== '2.0') {
      out.push({ check: 'json-rpc', message: `${where} is not a JSON-RPC 2.0 request, notification or response: ${JSON.stringify(m).slice(0, 200)}` })
      return
    }
    if (kind === 'request') {
      requests[w.from].set(requestKey(m.id), { method: String(m.method), answered: 0, index })
      const sessionId = String(paramsOf(m).sessionId)
      if (w.from === 'client' && m.method === 'session/prompt') {
        openTurns.set(sessionId, (openTurns.get(sessionId) ?? 0) + 1)
        prompted.add(sessionId)
      }
      if (w.from === 'client' && SESSION_REOPENS.test(String(m.method))) sessions.add(sessionId)
      return
    }
    if (kind === 'response') {
      const requester = w.from === 'agent' ? 'client' : 'agent'
      const pending = requests[requester].get(requestKey(m.id))
      if (!pending) {
        out.push({ check: 'request-answered', message: `${where} answers id ${JSON.stringify(m.id)}, which no ${requester} request used` })
        return
      }
      pending.answered += 1
      if (pending.answered > 1) out.push({ check: 'request-answered', message: `${pending.method} (id ${JSON.stringify(m.id)}) was answered ${pending.answered} times` })
      if (w.from === 'agent' && SESSION_STARTS.test(pending.method) && typeof resultOf(m).sessionId === 'string') sessions.add(resultOf(m).sessionId as string)
      if (w.from === 'agent' && pending.method === 'session/prompt') {
        const request = log[pending.index]!.message
        const sessionId = String(paramsOf(request).sessionId)
        openTurns.set(sessionId, Math.max(0, (openTurns.get(sessionId) ?? 1) - 1))
        if ('result' in m) {
          const stop = resultOf(m).stopReason
          if (typeof stop !== 'string' || !STOP_REASONS.has(stop)) {
            out.push({ check: 'stop-reason', message: `session/prompt response has stopReason ${JSON.stringify(stop)}; expected one of ${[...STOP_REASONS].join(', ')}` })
          }
        }
      }
      return
    }
    const update = updateKind(m)
    if (w.from !== 'agent' || m.method !== 'session/update') return
    const params = paramsOf(m)
    const sessionId = String(params.sessionId)
    if (!sessions.has(sessionId)) out.push({ check: 'known-session', message: `${where}: session/update for unknown session ${JSON.stringify(params.sessionId)}` })
    const u = (params.update ?? {}) as Record<string, unknown>
    if (update === 'tool_call') toolCalls.add(String(u.toolCallId))
    if (update === 'tool_call_update' && !toolCalls.has(String(u.toolCallId))) {
      out.push({ check: 'tool-call-order', message: `${where}: tool_call_update for ${JSON.stringify(u.toolCallId)} before any tool_call with that id` })
    }
    if (sessions.has(sessionId) && !(openTurns.get(sessionId) ?? 0) && prompted.has(sessionId) && !asyncKinds.includes(update ?? '')) {
      out.push({ check: 'update-after-turn', message: `${where}: ${update ?? 'session/update'} arrived after the prompt's response, outside any turn` })
    }
  })

  for (const [from, map] of Object.entries(requests)) {
    for (const [id, pending] of map) {
      if (pending.answered === 0) out.push({ check: 'request-answered', message: `${pending.method} (id ${id}) from the ${from} was never answered` })
    }
  }
  return out
}

/** Splits findings into failures and warnings by the agent's warnChecks. */
export function classify(violations: Violation[], warnChecks: readonly CheckName[]): { failures: Violation[]; warnings: Violation[] } {
  return {
    failures: violations.filter((v) => !warnChecks.includes(v.check)),
    warnings: violations.filter((v) => warnChecks.includes(v.check)),
  }
}
