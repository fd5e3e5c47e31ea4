// bench memory: peak RSS (VmHWM) of the runner process alone, not its agents, while `acp-scenario run`
// replays 100 one-prompt scenarios with the default workers; a 1-scenario run is the baseline.
// Run after `npm run build`: node bench/memory.mjs
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { benchProject, CLI, report, scenarioName } from './support/project.mjs'

const COUNT = Number(process.env.BENCH_SCENARIOS ?? 100)
const TIMEOUT_MS = 240_000

const vmHwmKb = (pid) => {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0 // exited between two samples
  }
}

/** Runs the CLI, sampling its high-water mark until it exits; resolves with the last (largest) value in MB. */
function peakRss(cwd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    let peak = 0
    child.stdout.on('data', (d) => (out += d))
    const timer = setInterval(() => (peak = Math.max(peak, vmHwmKb(child.pid))), 20)
    let timedOut = false
    const deadline = setTimeout(() => {
      timedOut = true
      child.kill('SIGTERM')
    }, TIMEOUT_MS)
    child.once('exit', (code, signal) => {
      clearInterval(timer)
      clearTimeout(deadline)
      const why = timedOut ? `did not finish within ${TIMEOUT_MS} ms` : `exited ${code ?? signal}`
      if (code !== 0) return reject(new Error(`acp-scenario ${args.join(' ')} ${why}:\n${out}`))
      resolve(peak / 1024)
    })
  })
}

const project = await benchProject(COUNT)
try {
  const one = await peakRss(project.root, ['run', scenarioName(0)])
  const all = await peakRss(project.root, ['run'])
  report('memory-one-scenario', `${one.toFixed(0)} MB peak RSS of the runner`)
  report('memory', `${all.toFixed(0)} MB peak RSS of the runner for ${COUNT} scenarios (${(all / one).toFixed(2)}x one scenario)`, '<= 200 MB')
} finally {
  project.cleanup()
}
