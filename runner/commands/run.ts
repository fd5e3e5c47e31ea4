// acp-scenario run: replay and compare (or --update the stdout and agent-log expectations).
import { loadConfig } from '../config.js'
import { runSuiteCommand, suiteFlags } from '../suite.js'

export default async function run(filters: string[], options: Record<string, unknown>): Promise<number> {
  const config = loadConfig(process.cwd())
  return runSuiteCommand({ config, filters, mode: options.update ? 'update' : 'run', ...suiteFlags(options) }, options.reporter)
}
