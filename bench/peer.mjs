// bench peer: the same one-prompt turn driven by acpx (npm, a headless ACP client) and by `acp-scenario run`,
// against the same reference agent and the same cassette served on loopback. Whole processes, interleaved.
// acpx is installed by this script into bench/.peers (never by the project's npm install).
// Run after `npm run build`: node bench/peer.mjs
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseCassette } from '../dist/runner/llm/cassette.js'
import { startLlmServer } from '../dist/runner/llm/server.js'
import { benchProject, cli, median, PROMPT, report, scenarioName } from './support/project.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const ACPX_VERSION = '0.19.1'
const PEERS = fileURLToPath(new URL('./.peers', import.meta.url))
const ACPX = join(PEERS, 'node_modules/acpx/dist/cli.js')
const AGENT = fileURLToPath(new URL('../dist/bin/acp-reference-agent.js', import.meta.url))
const REPLY = 'Hello! How can I help you today?'

function installAcpx() {
  if (existsSync(ACPX)) return
  mkdirSync(PEERS, { recursive: true })
  if (!existsSync(join(PEERS, 'package.json'))) writeFileSync(join(PEERS, 'package.json'), '{ "private": true }\n')
  // acpx declares Node >= 22.13; installed anyway to see whether it runs on this Node.
  execFileSync('npm', ['install', '--prefix', PEERS, '--no-audit', '--no-fund', '--engine-strict=false', '--loglevel=error', `acpx@${ACPX_VERSION}`], { stdio: 'pipe', timeout: 180_000 })
}

/** One acpx one-shot turn against a fresh cassette server; resolves with its wall time. */
async function acpxTurn(cassette) {
  const dir = mkdtempSync(join(tmpdir(), 'acp-bench-acpx-'))
  const server = await startLlmServer({ wire: 'openai-chat', source: { kind: 'cassette', cassette } })
  try {
    const env = { PATH: process.env.PATH, HOME: dir, OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: 'dummy', AGENT_SESSION_DIR: join(dir, 'log') }
    const args = [ACPX, '--agent', `${process.execPath} ${AGENT}`, '--cwd', dir, '--approve-all', '--format', 'quiet', 'exec', PROMPT]
    const started = performance.now()
    const out = await new Promise((done, fail) =>
      execFile(process.execPath, args, { env, cwd: dir, timeout: 60_000 }, (error, stdout, stderr) => (error ? fail(new Error(`acpx failed: ${stderr || error.message}`)) : done(stdout))),
    )
    const ms = performance.now() - started
    if (!out.includes(REPLY)) throw new Error(`acpx printed ${JSON.stringify(out)}, not the recorded reply`)
    const problem = server.assertConsumed()
    if (problem) throw new Error(`acpx turn: ${problem.message}`)
    return ms
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const project = await benchProject(1)
try {
  try {
    installAcpx()
  } catch (error) {
    report('peer', `not measured: acpx@${ACPX_VERSION} could not be installed (${String(error.stderr ?? error.message).split('\n')[0]})`, '>= 3x faster')
    process.exit(0)
  }
  const cassette = parseCassette(readFileSync(project.cassette, 'utf8'), project.cassette)
  const theirs = []
  const ours = []
  try {
    await acpxTurn(cassette)
  } catch (error) {
    report('peer', `not measured: acpx@${ACPX_VERSION} does not run on Node ${process.versions.node} (${error.message.split('\n')[0]})`, '>= 3x faster')
    process.exit(0)
  }
  for (let i = 0; i < RUNS; i++) {
    theirs.push(await acpxTurn(cassette))
    ours.push((await cli(project.root, ['run', scenarioName(0)])).ms)
  }
  report('peer-acpx', `${median(theirs).toFixed(0)} ms median of ${RUNS} (acpx ${ACPX_VERSION} exec, Node ${process.versions.node})`)
  report('peer-acp-scenario-run', `${median(ours).toFixed(0)} ms median of ${RUNS}`)
  report('peer', `acp-scenario ${(median(theirs) / median(ours)).toFixed(2)}x faster than acpx`, '>= 3x faster')
} finally {
  project.cleanup()
}
