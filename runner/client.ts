// The ACP client side: the SDK connection over the tapped stdio, and the handlers the agent may call
// (permission requests, fs, terminals).
import { loadSdk } from './acp-sdk.js'
import type { ClientFs } from './client-fs.js'
import type { ClientTerminals } from './client-terminal.js'
import type { AgentProcess } from './launch.js'
import type { PermissionGate } from './permissions.js'
import { tapSink, tapStream } from './tap.js'
import type { WireLog } from './wire-log.js'

export interface ClientOptions {
  agent: AgentProcess
  log: WireLog
  permissions: PermissionGate
  fs: ClientFs
  terminals: ClientTerminals
  /** Fatal problems found while serving the agent: a non-JSON stdout line, an unanswerable permission. */
  fail: (message: string) => void
}

export interface AcpClient {
  request(method: string, params: unknown): Promise<unknown>
  notify(method: string, params: unknown): Promise<void>
  close(): void
}

export async function connectClient(options: ClientOptions): Promise<AcpClient> {
  const { agent, log, permissions, fs, terminals, fail } = options
  const input = tapStream(agent.stdout, {
    message: (message) => log.push('agent', message),
    invalid: (line, reason) => fail(`the agent wrote a line to stdout that is not a JSON-RPC message (${reason}): ${quote(line)}`),
    // Updates are read from the wire log in true order, so the SDK need not see them. Its client
    // validates each one and prints a stderr line naming no scenario for any it rejects (such as
    // claude-agent-acp's usage_update with "used": null), while the transcript keeps it anyway.
    forward: (message) => message.method !== 'session/update',
  })
  const output = tapSink(agent.write, (message) => log.push('client', message))
  const acp = await loadSdk()
  const app = acp
    .client({ name: 'acp-scenario' })
    .onRequest('session/request_permission', async ({ params }) => ({
      outcome: await permissions.request(params.options.map((o) => ({ optionId: o.optionId, kind: o.kind, name: o.name }))),
    }))
    .onRequest('fs/read_text_file', ({ params }) => fs.read(params))
    .onRequest('fs/write_text_file', ({ params }) => fs.write(params))
    .onRequest('terminal/create', ({ params }) => terminals.create(params))
    .onRequest('terminal/output', ({ params }) => terminals.output(params.terminalId))
    .onRequest('terminal/wait_for_exit', ({ params }) => terminals.waitForExit(params.terminalId))
    .onRequest('terminal/kill', ({ params }) => terminals.kill(params.terminalId))
    .onRequest('terminal/release', ({ params }) => terminals.release(params.terminalId))
  const connection = app.connect(acp.ndJsonStream(output, input))
  return {
    request: (method, params) => connection.agent.request(method, params),
    notify: (method, params) => connection.agent.notify(method, params),
    close: () => connection.close(),
  }
}

const quote = (line: string): string => JSON.stringify(line.length > 300 ? `${line.slice(0, 300)}…` : line)
