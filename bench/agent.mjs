// bench agent-startup: median time from spawn to the initialize response, the reference agent
// (dist/bin/acp-reference-agent.js, build first) against a minimal SDK echo agent, runs interleaved.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median } from './support/project.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TIMEOUT_MS = 10_000
const agents = {
  ours: fileURLToPath(new URL('../dist/bin/acp-reference-agent.js', import.meta.url)),
  echo: fileURLToPath(new URL('./support/echo-agent.mjs', import.meta.url)),
}

/** Spawns `script`, sends initialize, resolves with the ms until the response line; always reaps the child. */
function timeInitialize(script) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'], env: { PATH: process.env.PATH } })
    const exited = new Promise((done) => child.once('exit', done))
    const timer = setTimeout(() => finish(new Error(`${script}: no initialize response within ${TIMEOUT_MS} ms`)), TIMEOUT_MS)
    let out = ''
    const finish = (error, ms) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      void exited.then(() => (error ? reject(error) : resolve(ms)))
    }
    child.stdout.on('data', (data) => {
      out += data
      if (out.includes('\n')) finish(undefined, Number(process.hrtime.bigint() - started) / 1e6)
    })
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } }) + '\n')
  })
}


const times = { ours: [], echo: [] }
await timeInitialize(agents.ours) // warm the file cache for both before measuring
await timeInitialize(agents.echo)
for (let run = 0; run < RUNS; run++) {
  for (const name of run % 2 ? ['echo', 'ours'] : ['ours', 'echo']) times[name].push(await timeInitialize(agents[name]))
}
const ours = median(times.ours)
const echo = median(times.echo)
console.log(`bench agent-startup: ${(ours / echo).toFixed(2)}x (${ours.toFixed(0)} ms vs ${echo.toFixed(0)} ms) (target <= 1.5)`)
