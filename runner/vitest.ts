// acp-scenario/vitest: one vitest test per scenario, so scenarios run under vitest's reporters, `-t`
// filters, UI and `-u`. vitest is a peer dependency of this entry only.
import { resolve } from 'node:path'
import { describe, test, type TestContext } from 'vitest'
import { loadConfig } from './config.js'
import { UsageError } from './errors.js'
import { DEFAULT_SCENARIO_TIMEOUT_MS, runScenario, type ScenarioResult } from './scenario-run.js'
import { listScenarios } from './scenarios.js'
import { selectScenarios, unmatchedFilters } from './select.js'

export interface ScenarioSuiteOptions {
  /** Project root (holds acp-scenario.config.json5, scenarios/, generated/); default: process.cwd(). */
  root?: string
  /** Scenario names, tags or `*` globs, as on the command line; default: every scenario. */
  filter?: string | string[]
  /** Run against this configured agent instead of each scenario's own. */
  agent?: string
  /** Whole-scenario timeout in ms; default: the scenario's, then the config's, then 60 s. */
  timeoutMs?: number
  /**
   * Only shard `index` of `total` of the scenarios (the runner's deterministic split by name). vitest's
   * `--shard` splits test files, not tests: spread a suite over several files with this option to let it shard.
   */
  shard?: { index: number; total: number }
  /** The describe block's name; default `acp-scenario`. */
  name?: string
}

/** Room on top of the scenario's own timeout for starting and reaping the agent and the model server. */
const TEST_MARGIN_MS = 15_000

/** A failed scenario as a test failure: the runner's step, message and diff, without a stack of runner frames. */
export class ScenarioFailure extends Error {
  override name = 'ScenarioFailure'
  constructor(readonly result: ScenarioResult) {
    const f = result.failure!
    super([`${result.name}: failed at ${f.step}`, f.message, ...(f.diff ? [f.diff] : [])].join('\n'))
    this.stack = `${this.name}: ${this.message}`
  }
}

/** `vitest -u` / `--update`: the snapshot state of the running test says so. */
function updating(context: TestContext): boolean {
  return context.expect.getState().snapshotState?.snapshotUpdateState === 'all'
}

export function defineScenarioSuite(options: ScenarioSuiteOptions = {}): void {
  const root = resolve(options.root ?? process.cwd())
  const filters = options.filter === undefined ? [] : [options.filter].flat()
  describe.concurrent(options.name ?? 'acp-scenario', async () => {
    const config = loadConfig(root)
    const all = await listScenarios(config)
    const unmatched = unmatchedFilters(all, filters)
    if (unmatched.length) throw new UsageError(`defineScenarioSuite: no scenario in ${config.scenariosDir} matches ${unmatched.map((f) => JSON.stringify(f)).join(', ')}`)
    for (const scenario of selectScenarios(all, filters, options.shard)) {
      const timeoutMs = options.timeoutMs ?? scenario.input?.timeoutMs ?? config.timeoutMs ?? DEFAULT_SCENARIO_TIMEOUT_MS
      test(scenario.name, { timeout: timeoutMs + TEST_MARGIN_MS }, async (context) => {
        const result = await runScenario({
          config,
          name: scenario.name,
          mode: updating(context) ? 'update' : 'run',
          timeoutMs,
          signal: context.signal,
          ...(options.agent ? { agent: options.agent } : {}),
        })
        for (const warning of result.warnings) console.warn(`${scenario.name}: warning: ${warning}`)
        if (result.written.length) console.info(`${scenario.name}: wrote ${result.written.join(', ')}`)
        if (result.status === 'failed') throw new ScenarioFailure(result)
      })
    }
  })
}
