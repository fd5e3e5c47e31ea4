// acp-scenario run: replay and compare (or --update the stdout and agent-log expectations).
import { loadConfig } from '../config.js'
import { runSuiteCommand } from '../suite.js'

export default async function run(filters: string[], options: Record<string, unknown>): Promise<number> {
  const config = loadConfig(process.cwd())
  return runSuiteCommand(
    {
      config,
      filters,
      mode: options.update ? 'update' : 'run',
      ...(typeof options.agent === 'string' ? { agent: options.agent } : {}),
      ...(typeof options.workers === 'number' ? { workers: options.workers } : {}),
      ...(options.shard ? { shard: options.shard as { index: number; total: number } } : {}),
      ...(typeof options.timeout === 'number' ? { timeoutMs: options.timeout } : {}),
    },
    options.reporter,
  )
}
