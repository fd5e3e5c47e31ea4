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

  cancel(): void {
    this.running?.abort()
  }

  close(): void {
    this.cancel()
    this.log.close()
  }
}
