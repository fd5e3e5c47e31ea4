// acp-scenario refresh: replay the committed llm.jsonl and rewrite the expectations (keyless).
import { loadConfig } from '../config.js'
import { compileFirst } from '../compile-first.js'
import { runSuiteCommand, suiteFlags } from '../suite.js'

export default async function refresh(filters: string[], options: Record<string, unknown>): Promise<number> {
  const config = loadConfig(process.cwd())
  await compileFirst(config, filters)
  return runSuiteCommand({ config, filters, mode: 'refresh', ...suiteFlags(options) }, options.reporter)
}
