// One ACP session: its conversation, permission memory, log and the turn running in it.
import type { ChatMessage } from '../loop/chat-types.js'
import type { SessionLog } from '../log/writer.js'
import { PermissionMemory } from '../permissions.js'

export class Session {
  readonly permissions = new PermissionMemory()
  readonly history: ChatMessage[] = []
  turns = 0
  /** Aborted by session/cancel; present while a prompt is being answered. */
  running: AbortController | undefined

  constructor(
    readonly id: string,
    /** The cwd as the client gave it. */
    readonly cwd: string,
    /** The cwd realpath-resolved: the confinement root for tools. */
    readonly root: string,
    readonly log: SessionLog,
  ) {}

  private readonly toolCallIds = new Set<string>()

  /** A session-unique id for a tool call: the model's own id unless it was used before. */
  uniqueToolCallId(modelId: string): string {
    let id = modelId
    for (let n = 2; this.toolCallIds.has(id); n++) id = `${modelId}-${n}`
    this.toolCallIds.add(id)
    return id
  }

  cancel(): void {
    this.running?.abort()
  }

  close(): void {
    this.cancel()
    this.log.close()
  }
}
