// bench watch: save-to-verdict in `acp-scenario watch` for a one-prompt scenario (file written -> its result
// line printed), median of 10 saves, against a cold `acp-scenario run` of the same scenario (median of 3).
// Run after `npm run build`: node bench/watch.mjs
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { benchProject, CLI, cli, median, oneTurn, report, scenarioName } from './support/project.mjs'

const SAVES = Number(process.env.BENCH_RUNS ?? 10)
const TIMEOUT_MS = 30_000
const name = scenarioName(0)

const project = await benchProject(1)
const watch = spawn(process.execPath, [CLI, 'watch'], { cwd: project.root, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } })
const exited = new Promise((resolve) => watch.once('exit', resolve))
let output = ''
watch.stdout.on('data', (d) => (output += d))

/** Resolves when `pattern` appears in the output after `from`. */
const waitFor = (pattern, from) =>
  new Promise((resolve, reject) => {
    const deadline = setTimeout(() => done(new Error(`watch never printed ${pattern}; output:\n${output}`)), TIMEOUT_MS)
    const check = () => pattern.test(output.slice(from)) && done()
    const done = (error) => {
      clearTimeout(deadline)
      watch.stdout.off('data', check)
      error ? reject(error) : resolve()
    }
    watch.stdout.on('data', check)
    check()
  })

try {
  await waitFor(/watching 1 scenario/, 0)
  // Cold runs once watch is idle, so the two do not compete for the CPU.
  const cold = []
  for (let i = 0; i < 3; i++) cold.push((await cli(project.root, ['run', name])).ms)
  const samples = []
  for (let i = 1; i <= SAVES; i++) {
    const from = output.length
    const started = performance.now()
    writeFileSync(join(project.root, 'scenarios', `${name}.scenario.ts`), oneTurn(`save ${i}`))
    await waitFor(new RegExp(`[✓✗] ${name} `), from)
    samples.push(performance.now() - started)
    if (!/✓/.test(output.slice(from))) throw new Error(`save ${i} did not pass:\n${output.slice(from)}`)
    await waitFor(/watching 1 scenario/, from)
  }
  const verdict = median(samples)
  report('watch-cold-run', `${median(cold).toFixed(0)} ms median of 3 (\`acp-scenario run ${name}\`, process start to exit)`)
  report('watch-save-to-verdict', `${verdict.toFixed(0)} ms median of ${SAVES} saves (min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)})`, '<= 1000 ms')
  report('watch-vs-cold-run', `${(verdict / median(cold)).toFixed(2)}x a cold run`)
} finally {
  if (watch.exitCode === null) watch.stdin.write('q')
  const timer = setTimeout(() => watch.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
  project.cleanup()
}
