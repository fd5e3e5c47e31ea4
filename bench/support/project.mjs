// Bench projects: N copies of a one-prompt scenario in a temp dir, compiled, one recorded (keyless, scripted)
// and its fixtures copied to the others (the copies are the same scenario under another name).
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'

export const CLI = resolve(import.meta.dirname, '../../dist/bin/acp-scenario.js')
export const PROMPT = 'Say hello.'

export const oneTurn = (description = 'bench') => `import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('${description}')
  .newSession()
  .llm(reply('Hello! How can I help you today?'))
  .prompt('${PROMPT}')
  .waitForTurnEnd()
`

export const scenarioName = (i) => `s${String(i).padStart(3, '0')}`

/** Runs the CLI; resolves with its wall time (spawn to exit, node startup included). */
export function cli(cwd, args, { allowFail = false } = {}) {
  return new Promise((done, fail) => {
    const started = performance.now()
    execFile(process.execPath, [CLI, ...args], { cwd, maxBuffer: 64 << 20, timeout: 240_000 }, (error, stdout, stderr) => {
      const ms = performance.now() - started
      if (error && !allowFail) return fail(new Error(`acp-scenario ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}\n${stderr}`))
      done({ ms, stdout, stderr, code: error ? error.code : 0 })
    })
  })
}

export async function benchProject(count) {
  const root = mkdtempSync(join(tmpdir(), 'acp-bench-'))
  mkdirSync(join(root, 'scenarios'))
  for (let i = 0; i < count; i++) writeFileSync(join(root, 'scenarios', `${scenarioName(i)}.scenario.ts`), oneTurn())
  await cli(root, ['compile'])
  const first = scenarioName(0)
  await cli(root, ['record', first])
  for (let i = 1; i < count; i++) {
    for (const file of ['llm.jsonl', 'stdout.expected.jsonl', 'session.jsonl']) {
      const from = join(root, 'generated', first, file)
      if (existsSync(from)) copyFileSync(from, join(root, 'generated', scenarioName(i), file))
    }
  }
  return { root, cassette: join(root, 'generated', first, 'llm.jsonl'), cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** The line format every bench prints. */
export const report = (name, figure, target) => console.log(`bench ${name}: ${figure}${target ? ` (target ${target})` : ''}`)
