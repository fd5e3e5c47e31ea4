// Appends session-log lines as events happen (synchronous writes, so a reader polling the file
// sees turn/end as soon as the prompt is answered) and checks each against the invariants.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { SESSION_LOG_VERSION, type SessionEvent, type SessionHeader, type LoggedLine } from './events.js'
import { checkLine, initialLogState, type LogState } from './invariants.js'

export class SessionLogError extends Error {}

export class SessionLog {
  private seq = 0
  private state: LogState = initialLogState()
  private fd: number | undefined

  constructor(
    dir: string | undefined,
    header: Omit<SessionHeader, 'type' | 'version'>,
    private readonly strict: boolean,
  ) {
    if (dir) {
      mkdirSync(dir, { recursive: true })
      this.fd = openSync(join(dir, `${header.sessionId}.jsonl`), 'a')
    }
    this.append({ type: 'session', version: SESSION_LOG_VERSION, ...header })
  }

  write(event: SessionEvent): void {
    this.append(event)
  }

  close(): void {
    if (this.fd === undefined) return
    closeSync(this.fd)
    this.fd = undefined
  }

  private append(event: SessionEvent | SessionHeader): void {
    const { type, ...fields } = event
    const line = { type, seq: this.seq++, time: new Date().toISOString(), ...fields } as LoggedLine
    const checked = checkLine(this.state, line)
    if (checked.violation) {
      const message = `session log invariant violated: ${checked.violation} (event ${JSON.stringify(line)})`
      process.stderr.write(`acp-reference-agent: ${message}\n`)
      if (this.strict) throw new SessionLogError(message)
    }
    this.state = checked.state
    if (this.fd !== undefined) writeSync(this.fd, JSON.stringify(line) + '\n')
  }
}
