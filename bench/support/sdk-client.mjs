// The overhead baseline: a minimal hand-written ACP client doing what a one-prompt scenario does (initialize,
// session/new, one prompt, stdin EOF, wait for exit) against the reference agent and the same loopback model
// server replaying the same cassette. No normalising, comparing or fixture work.
// Usage: node bench/support/sdk-client.mjs <llm.jsonl> <prompt>
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import * as acp from '@agentclientprotocol/sdk'
import { parseCassette } from '../../dist/runner/llm/cassette.js'
import { startLlmServer } from '../../dist/runner/llm/server.js'

const [cassetteFile, prompt] = process.argv.slice(2)
const AGENT = fileURLToPath(new URL('../../dist/bin/acp-reference-agent.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'acp-bench-sdk-'))
const server = await startLlmServer({ wire: 'openai-chat', source: { kind: 'cassette', cassette: parseCassette(readFileSync(cassetteFile, 'utf8'), cassetteFile) } })
const child = spawn(process.execPath, [AGENT], {
  cwd: dir,
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { PATH: process.env.PATH, HOME: dir, OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: 'dummy', AGENT_SESSION_DIR: join(dir, 'log') },
})
const exited = new Promise((resolve) => child.once('exit', resolve))
const timer = setTimeout(() => {
  child.kill('SIGKILL')
  console.error('sdk-client: the turn did not finish within 30 s')
  process.exit(1)
}, 30_000)
try {
  const connection = acp
    .client({ name: 'bench-sdk-client' })
    .onNotification('session/update', () => undefined)
    .connect(acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)))
  await connection.agent.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} })
  const session = await connection.agent.request('session/new', { cwd: dir, mcpServers: [] })
  const answer = await connection.agent.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text: prompt }] })
  if (answer.stopReason !== 'end_turn') throw new Error(`unexpected stopReason ${answer.stopReason}`)
  child.stdin.end()
  await exited
  // Request drift is not checked: the system prompt names this client's temp cwd, which only the runner normalises.
  const problem = server.assertConsumed() ?? server.problems().find((p) => p.kind !== 'drift')
  if (problem) throw new Error(problem.message)
} finally {
  clearTimeout(timer)
  await server.close()
  rmSync(dir, { recursive: true, force: true })
}
