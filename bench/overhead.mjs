// bench overhead: one scenario through `acp-scenario run` versus a minimal hand-written SDK client doing the
// same steps against the same agent and the same loopback model server (bench/support/sdk-client.mjs).
// Whole processes, node startup included, runs interleaved; the figure is the ratio of the medians.
// Run after `npm run build`: node bench/overhead.mjs
import { execFile } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { benchProject, cli, median, PROMPT, report, scenarioName } from './support/project.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const SDK_CLIENT = fileURLToPath(new URL('./support/sdk-client.mjs', import.meta.url))

const sdkClient = (cassette) =>
  new Promise((done, fail) => {
    const started = performance.now()
    execFile(process.execPath, [SDK_CLIENT, cassette, PROMPT], { timeout: 60_000 }, (error, _out, stderr) =>
      error ? fail(new Error(`sdk-client failed: ${stderr}`)) : done(performance.now() - started),
    )
  })

const project = await benchProject(1)
try {
  const ours = []
  const baseline = []
  await cli(project.root, ['run']) // warm the file cache for both sides
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await sdkClient(project.cassette))
    ours.push((await cli(project.root, ['run', scenarioName(0)])).ms)
  }
  const ratio = median(ours) / median(baseline)
  report('overhead-sdk-client', `${median(baseline).toFixed(0)} ms median of ${RUNS}`)
  report('overhead-acp-scenario-run', `${median(ours).toFixed(0)} ms median of ${RUNS}`)
  report('overhead', `${ratio.toFixed(2)}x a hand-written SDK client`, '<= 1.15')
} finally {
  project.cleanup()
}
