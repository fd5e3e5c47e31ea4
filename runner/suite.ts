// A command's run over many scenarios: select, run in a worker pool, report, and turn results into an exit code.
import type { ResolvedConfig } from './config.js'
import { colorsEnabled } from './compare.js'
import { EXIT, UsageError } from './errors.js'
import { defaultWorkers, runPool } from './pool.js'
import { jsonReporter } from './report/json.js'
import { prettyReporter } from './report/pretty.js'
import type { Reporter } from './report/types.js'
import { runScenario, type Mode, type ScenarioResult } from './scenario-run.js'
import { listScenarios } from './scenarios.js'
import { requireMatches, selectScenarios } from './select.js'

export interface SuiteOptions {
  config: ResolvedConfig
  filters: string[]
  mode: Mode
  agent?: string
  workers?: number
  shard?: { index: number; total: number }
  timeoutMs?: number
  keepFaults?: boolean
  signal?: AbortSignal
  onResult?: (result: ScenarioResult) => void
}

export async function runSuite(options: SuiteOptions): Promise<ScenarioResult[]> {
  const all = await listScenarios(options.config)
  if (all.length === 0) {
    throw new UsageError(`no scenarios in ${options.config.scenarios}/: write one as ${options.config.scenarios}/<name>.scenario.ts (see the README)`)
  }
  requireMatches(all, options.filters)
  const selected = selectScenarios(all, options.filters, options.shard)
  const workers = options.workers ?? options.config.workers ?? defaultWorkers()
  const results = await runPool(
    selected,
    workers,
    async (s) => {
      const result = await runScenario({
        config: options.config,
        name: s.name,
        mode: options.mode,
        ...(options.agent ? { agent: options.agent } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.keepFaults ? { keepFaults: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
      const final = options.signal?.aborted && result.status === 'failed' ? { ...result, status: 'skipped' as const } : result
      options.onResult?.(final)
      return final
    },
    () => Boolean(options.signal?.aborted),
  )
  return selected.map((s, i) => results[i] ?? { name: s.name, agent: options.agent ?? s.input?.agent ?? options.config.defaultAgent, status: 'skipped', durationMs: 0, warnings: [], written: [] })
}

/** The suite options a command's flags set; commander passes only the flags that command declares. */
export function suiteFlags(options: Record<string, unknown>): Pick<SuiteOptions, 'agent' | 'workers' | 'shard' | 'timeoutMs' | 'keepFaults'> {
  return {
    ...(typeof options.agent === 'string' ? { agent: options.agent } : {}),
    ...(typeof options.workers === 'number' ? { workers: options.workers } : {}),
    ...(options.shard ? { shard: options.shard as { index: number; total: number } } : {}),
    ...(typeof options.timeout === 'number' ? { timeoutMs: options.timeout } : {}),
    ...(options.keepFaults === true ? { keepFaults: true } : {}),
  }
}

export function makeReporter(name: unknown): Reporter {
  const write = (text: string): void => void process.stdout.write(text)
  return name === 'json' ? jsonReporter(write) : prettyReporter(write, colorsEnabled())
}

/** Runs a suite for a CLI command: SIGINT stops it (nothing is written for unfinished scenarios), exit 130. */
export async function runSuiteCommand(options: Omit<SuiteOptions, 'signal' | 'onResult'>, reporterName: unknown): Promise<number> {
  const reporter = makeReporter(reporterName)
  const controller = new AbortController()
  const onSigint = (): void => controller.abort()
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigint)
  try {
    const results = await runSuite({ ...options, signal: controller.signal, onResult: (r) => reporter.result(r) })
    reporter.end(results)
    if (controller.signal.aborted) {
      process.stderr.write('acp-scenario: interrupted; unfinished scenarios wrote nothing\n')
      return 130
    }
    return results.some((r) => r.status === 'failed') ? EXIT.failed : EXIT.ok
  } finally {
    process.off('SIGINT', onSigint)
    process.off('SIGTERM', onSigint)
  }
}
