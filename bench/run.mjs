// npm run bench: builds, then runs every bench script in sequence (each prints `bench <name>: <figure>
// (target <op> <value>)` against a baseline measured in the same run) and the total time.
import { execFileSync, spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const SCRIPTS = ['compile.mjs', 'llm.mjs', 'agent.mjs', 'overhead.mjs', 'parallel.mjs', 'watch.mjs', 'peer.mjs', 'memory.mjs']
const BUDGET_S = 300
const root = fileURLToPath(new URL('..', import.meta.url))

const runScript = (script) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { cwd: root, stdio: 'inherit' })
    child.once('exit', (code, signal) => resolve(code ?? signal))
  })

const started = performance.now()
try {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
} catch {
  console.log('bench: the build reported type errors (tsc emitted anyway); benching dist/ as built')
}
// The benches spawn dist/bin/acp-scenario.js and dist/bin/acp-reference-agent.js: without this they would
// time whatever bundles an earlier build left.
execFileSync(process.execPath, ['scripts/bundle.mjs'], { cwd: root, stdio: 'inherit' })
const failed = []
for (const script of SCRIPTS) {
  const status = await runScript(script)
  if (status !== 0) {
    failed.push(script)
    console.log(`bench ${script}: failed (${status})`)
  }
}
const total = (performance.now() - started) / 1000
console.log(`bench total: ${total.toFixed(0)} s for ${SCRIPTS.length} scripts, build included (target < ${BUDGET_S} s)`)
if (failed.length) process.exitCode = 1
