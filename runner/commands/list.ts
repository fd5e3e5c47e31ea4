// acp-scenario list: name, agent, tags and description of each scenario.
import { loadConfig } from '../config.js'
import { EXIT } from '../errors.js'
import { listScenarios } from '../scenarios.js'
import { requireMatches, selectScenarios } from '../select.js'

export default async function list(filters: string[]): Promise<number> {
  const config = loadConfig(process.cwd())
  const all = await listScenarios(config)
  requireMatches(all, filters)
  const rows = selectScenarios(all, filters).map((s) => [
    s.name,
    s.input?.agent ?? config.defaultAgent,
    s.tags.join(',') || '-',
    s.input ? (s.input.description ?? '') : '(not compiled: run `acp-scenario compile`)',
  ])
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), 0))
  for (const r of rows) process.stdout.write(`${r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ').trimEnd()}\n`)
  return EXIT.ok
}
