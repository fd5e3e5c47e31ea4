// bench parallel: 60 one-prompt scenarios with the default workers versus `--workers 1`, runs interleaved.
// Run after `npm run build`: node bench/parallel.mjs
import { availableParallelism } from 'node:os'
import { benchProject, cli, median, report } from './support/project.mjs'

const COUNT = Number(process.env.BENCH_SCENARIOS ?? 60)
const ROUNDS = Number(process.env.BENCH_RUNS ?? 2)

const project = await benchProject(COUNT)
try {
  const serial = []
  const parallel = []
  for (let i = 0; i < ROUNDS; i++) {
    serial.push((await cli(project.root, ['run', '--workers', '1'])).ms)
    const run = await cli(project.root, ['run', '--reporter', 'json'])
    const summary = JSON.parse(run.stdout)
    if (summary.passed !== COUNT) throw new Error(`expected ${COUNT} passing scenarios, got ${run.stdout.slice(0, 500)}`)
    parallel.push(run.ms)
  }
  report('parallel-workers-1', `${(median(serial) / 1000).toFixed(1)} s for ${COUNT} scenarios (median of ${ROUNDS}, interleaved)`)
  report('parallel-default-workers', `${(median(parallel) / 1000).toFixed(1)} s for ${COUNT} scenarios (${availableParallelism()} workers)`)
  report('parallel', `${(median(parallel) / median(serial)).toFixed(2)}x --workers 1`, '<= 0.65')
} finally {
  project.cleanup()
}
