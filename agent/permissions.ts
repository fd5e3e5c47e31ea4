// Asking the client before write_file / run_command, and remembering "always" answers per session.
import type { AgentContext, PermissionOption, PermissionOptionKind, ToolCallUpdate } from '@agentclientprotocol/sdk'

export const PERMISSION_OPTIONS: PermissionOption[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Always reject', kind: 'reject_always' },
]

export interface PermissionDecision {
  allowed: boolean
  /** The option kind chosen, or `cancelled`. */
  decision: PermissionOptionKind | 'cancelled'
  /** True when an earlier "always" answer decided without asking. */
  remembered: boolean
}

const ALLOWS: Record<PermissionOptionKind, boolean> = {
  allow_once: true,
  allow_always: true,
  reject_once: false,
  reject_always: false,
}

/** Per-session memory of allow_always / reject_always, by tool name. */
export class PermissionMemory {
  private readonly always = new Map<string, PermissionOptionKind>()

  recall(tool: string): PermissionDecision | undefined {
    const kind = this.always.get(tool)
    return kind ? { allowed: ALLOWS[kind], decision: kind, remembered: true } : undefined
  }

  remember(tool: string, kind: PermissionOptionKind): void {
    if (kind === 'allow_always' || kind === 'reject_always') this.always.set(tool, kind)
  }
}

const CANCELLED: PermissionDecision = { allowed: false, decision: 'cancelled', remembered: false }

/**
 * Sends session/request_permission. A cancel of the turn stops waiting at once and counts as
 * `cancelled` (the client answers the request itself when it sees session/cancel).
 */
export async function requestPermission(
  client: AgentContext,
  sessionId: string,
  toolCall: ToolCallUpdate,
  signal: AbortSignal,
): Promise<PermissionDecision> {
  if (signal.aborted) return CANCELLED
  let onAbort: (() => void) | undefined
  const aborted = new Promise<PermissionDecision>((resolve) => {
    onAbort = () => resolve(CANCELLED)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  const asked = client
    .request('session/request_permission', { sessionId, toolCall, options: PERMISSION_OPTIONS })
    .then((response): PermissionDecision => {
      if (response.outcome.outcome !== 'selected') return CANCELLED
      const { optionId } = response.outcome
      const option = PERMISSION_OPTIONS.find((candidate) => candidate.optionId === optionId)
      // An option we never offered is treated as a rejection rather than trusted.
      return option ? { allowed: ALLOWS[option.kind], decision: option.kind, remembered: false } : { ...CANCELLED, decision: 'reject_once' }
    })
    .catch((error: unknown): PermissionDecision => {
      process.stderr.write(`acp-reference-agent: session/request_permission failed, treating it as cancelled: ${String(error)}\n`)
      return CANCELLED
    })
  try {
    return await Promise.race([asked, aborted])
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
}
