// acp-scenario list: name, agent, tags and description of each scenario.
import { loadConfig } from '../config.js'
import { EXIT, UsageError } from '../errors.js'
import { listScenarios } from '../scenarios.js'
import { selectScenarios, unmatchedFilters } from '../select.js'

export default async function list(filters: string[]): Promise<number> {
  const config = loadConfig(process.cwd())
  const all = await listScenarios(config)
  const unmatched = unmatchedFilters(all, filters)
  if (unmatched.length) throw new UsageError(`no scenario matches ${unmatched.map((f) => JSON.stringify(f)).join(', ')}`)
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
