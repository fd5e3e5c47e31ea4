// The sessions of one connection: session/new, session/prompt and session/cancel land here.
// Loaded lazily by main.ts so the initialize path stays lean.
import { randomUUID } from 'node:crypto'
import { realpath, stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { RequestError, type AgentContext, type ClientCapabilities, type ContentBlock, type PromptResponse } from '@agentclientprotocol/sdk'
import type { AgentConfig } from '../config.js'
import { SessionLog } from '../log/writer.js'
import { runTurn } from '../loop/turn.js'
import { ProcessRegistry } from '../tools/processes.js'
import { Session } from './session.js'

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>()
  private readonly processes = new ProcessRegistry()

  constructor(
    private readonly config: AgentConfig,
    private readonly clientCapabilities: () => ClientCapabilities | undefined,
  ) {}

  async create(cwd: string): Promise<string> {
    if (!isAbsolute(cwd)) throw RequestError.invalidParams({ cwd }, `cwd must be an absolute path, got ${JSON.stringify(cwd)}`)
    const info = await stat(cwd).catch(() => undefined)
    if (!info?.isDirectory()) throw RequestError.invalidParams({ cwd }, `cwd is not an existing directory: ${cwd}`)
    const sessionId = randomUUID()
    const log = new SessionLog(this.config.sessionDir, { sessionId, cwd, model: this.config.model }, this.config.strictLog)
    this.sessions.set(sessionId, new Session(sessionId, cwd, await realpath(cwd), log))
    return sessionId
  }

  prompt(client: AgentContext, sessionId: string, prompt: ContentBlock[]): Promise<PromptResponse> {
    const deps = { config: this.config, client, clientCapabilities: this.clientCapabilities(), processes: this.processes }
    return runTurn(deps, this.get(sessionId), prompt)
  }

  cancel(sessionId: string): void {
    this.sessions.get(sessionId)?.cancel()
  }

  /** On exit: stop turns, kill command process groups, close logs. */
  closeAll(): void {
    for (const session of this.sessions.values()) session.close()
    this.processes.killAll()
  }

  private get(sessionId: string): Session {
    const session = this.sessions.get(sessionId)
    if (!session) throw RequestError.resourceNotFound(sessionId)
    return session
  }
}
