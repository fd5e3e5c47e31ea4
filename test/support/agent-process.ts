// Spawns the built reference agent and drives it over stdio with the SDK's client side.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Writable } from 'node:stream'
import * as acp from '@agentclientprotocol/sdk'

export const AGENT_MAIN = resolve(import.meta.dirname, '../../dist/bin/acp-reference-agent.js')

/** An answer to session/request_permission: an option kind, `cancelled`, or a promise resolved later. */
export type PermissionAnswer = acp.PermissionOptionKind | 'cancelled' | (() => Promise<acp.RequestPermissionResponse>)

export interface AgentHandle {
  child: ChildProcess
  connection: acp.ClientConnection
  agent: acp.ClientContext
  /** session/update notifications received, in order. */
  updates: acp.SessionNotification[]
  permissionRequests: acp.RequestPermissionRequest[]
  /** Answers consumed in order; an empty queue answers `cancelled`. */
  permissionAnswers: PermissionAnswer[]
  /** The client-side file system served through fs/read_text_file and fs/write_text_file. */
  clientFiles: Map<string, string>
  stderr: () => string
  cwd: string
  sessionDir: string
  initialize(capabilities?: acp.ClientCapabilities): Promise<acp.InitializeResponse>
  newSession(cwd?: string): Promise<string>
  prompt(sessionId: string, text: string): Promise<acp.PromptResponse>
  messageText(sessionId: string): string
  alive(): boolean
  close(): Promise<void>
}

export const FAST_ENV = {
  AGENT_RETRY_BASE_MS: '10',
  AGENT_RETRY_MAX_MS: '50',
  AGENT_STALL_TIMEOUT_MS: '400',
  AGENT_MAX_RETRIES: '2',
  AGENT_LOG_STRICT: '1',
}

export function startAgent(baseUrl: string, env: Record<string, string> = {}): AgentHandle {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'agent-cwd-')))
  const sessionDir = mkdtempSync(join(tmpdir(), 'agent-log-'))
  const child = spawn(process.execPath, [AGENT_MAIN], {
    cwd,
    env: { PATH: process.env.PATH, OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'test-key', AGENT_SESSION_DIR: sessionDir, ...FAST_ENV, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()))
  const updates: acp.SessionNotification[] = []
  const permissionRequests: acp.RequestPermissionRequest[] = []
  const permissionAnswers: PermissionAnswer[] = []
  const clientFiles = new Map<string, string>()
  const app = acp
    .client({ name: 'agent-test-client' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params)
    })
    .onRequest('session/request_permission', async ({ params }) => {
      permissionRequests.push(params)
      const answer = permissionAnswers.shift() ?? 'cancelled'
      if (typeof answer === 'function') return answer()
      if (answer === 'cancelled') return { outcome: { outcome: 'cancelled' } }
      return { outcome: { outcome: 'selected', optionId: params.options.find((option) => option.kind === answer)!.optionId } }
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      const content = clientFiles.get(params.path)
      if (content === undefined) throw acp.RequestError.resourceNotFound(params.path)
      return { content }
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      clientFiles.set(params.path, params.content)
      return {}
    })
  const connection = app.connect(
    acp.ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>),
  )
  const agent = (connection as unknown as { agent: acp.ClientContext }).agent
  const exited = once(child, 'exit')
  return {
    child,
    connection,
    agent,
    updates,
    permissionRequests,
    permissionAnswers,
    clientFiles,
    stderr: () => stderr,
    cwd,
    sessionDir,
    initialize: (capabilities = {}) => agent.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: capabilities }),
    newSession: async (sessionCwd = cwd) => (await agent.request('session/new', { cwd: sessionCwd, mcpServers: [] })).sessionId,
    prompt: (sessionId, text) => agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] }),
    messageText: (sessionId) =>
      updates
        .filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'agent_message_chunk')
        .map((n) => (n.update as { content: { type: string; text?: string } }).content.text ?? '')
        .join(''),
    alive: () => child.exitCode === null && child.signalCode === null,
    async close() {
      child.stdin!.end()
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      if (child.exitCode === null && child.signalCode === null) await exited
      clearTimeout(timer)
      connection.close()
      rmSync(cwd, { recursive: true, force: true })
      rmSync(sessionDir, { recursive: true, force: true })
    },
  }
}
