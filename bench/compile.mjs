// Compile cost: a cold `acp-scenario compile` of 100 generated scenarios (amortised per scenario)
// and recompiling one changed file through the long-lived compiler watch mode keeps.
// Run after `npm run build`: node bench/compile.mjs
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCompiler } from '../dist/dsl/compiler.js'
import { cli, median, report } from './support/project.mjs'

const COUNT = 100
const root = mkdtempSync(join(tmpdir(), 'acp-bench-compile-'))

const scenario = (i, variant = 0) => `import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('generated scenario ${i}')
  .tags('bench', 'group-${i % 5}')
  .newSession()
  .llm(toolCall('write_file', { path: 'f${i}.txt', content: '${variant}' }), reply('Done ${i}.'))
  .prompt('Create f${i}.txt (variant ${variant})')
  .permit('allow_once')
  .waitForTurnEnd({ timeoutMs: 5000 })
`

const nodeStartup = () => {
  const start = performance.now()
  execFileSync(process.execPath, ['-e', '0'], { timeout: 30_000 })
  return performance.now() - start
}

try {
  mkdirSync(join(root, 'scenarios'))
  for (let i = 0; i < COUNT; i++) writeFileSync(join(root, 'scenarios', `s${i}.scenario.ts`), scenario(i))

  const baseline = median([0, 1, 2].map(nodeStartup))
  const { ms: cold } = await cli(root, ['compile'])
  report('compile-node-startup-baseline', `${baseline.toFixed(0)} ms`)
  report('compile-cold-100', `${cold.toFixed(0)} ms (${(cold / baseline).toFixed(1)}x node startup)`)
  report('compile-per-scenario', `${(cold / COUNT).toFixed(1)} ms`, '<= 30 ms')

  const config = { root, scenariosDir: join(root, 'scenarios'), generatedDir: join(root, 'generated') }
  const compiler = createCompiler(config)
  try {
    const warm = performance.now()
    const all = await compiler.compileAll()
    if (all.problems.length) throw new Error(`bench scenarios failed to compile:\n${all.problems.map((p) => p.message).join('\n')}`)
    const warmMs = performance.now() - warm
    const samples = []
    for (let round = 1; round <= 5; round++) {
      const file = join(root, 'scenarios', `s${round}.scenario.ts`)
      writeFileSync(file, scenario(round, round))
      const start = performance.now()
      const result = await compiler.compileFile(file)
      samples.push(performance.now() - start)
      if (result.written.length !== 1) throw new Error(`expected one rewritten file, got ${result.written.length}`)
    }
    const incremental = median(samples)
    report('compile-in-process-all-100', `${warmMs.toFixed(0)} ms`)
    report('compile-incremental', `${incremental.toFixed(0)} ms (${(incremental / baseline).toFixed(2)}x node startup)`, '<= 300 ms')
  } finally {
    compiler.close()
  }
} finally {
  rmSync(root, { recursive: true, force: true })
}
