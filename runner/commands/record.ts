// acp-scenario record: model traffic from the scenario's script or the real upstream; rewrites every fixture.
import { loadConfig } from '../config.js'
import { compileFirst } from '../compile-first.js'
import { runSuiteCommand, suiteFlags } from '../suite.js'

export default async function record(filters: string[], options: Record<string, unknown>): Promise<number> {
  const config = loadConfig(process.cwd())
  await compileFirst(config, filters)
  return runSuiteCommand({ config, filters, mode: 'record', ...suiteFlags(options) }, options.reporter)
}
