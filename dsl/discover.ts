// Finds scenarios/**/*.scenario.ts; a scenario's name is its file name without `.scenario.ts`.
import { basename } from 'node:path'
import { glob } from 'tinyglobby'
import { projectPath } from './paths.js'
import type { CompileProblem } from './problems.js'

export interface ScenarioFile {
  name: string
  /** Absolute path. */
  file: string
  /** Project-relative path with forward slashes (what `source` and `at` use). */
  source: string
}

export interface Discovery {
  /** Sorted by name; duplicates are left out (and reported in `problems`). */
  scenarios: ScenarioFile[]
  problems: CompileProblem[]
  /** Names found on more than one file. */
  duplicateNames: string[]
}

export const SCENARIO_SUFFIX = '.scenario.ts'
const scenarioName = (file: string): string => basename(file).slice(0, -SCENARIO_SUFFIX.length)

export async function discoverScenarios(config: { root: string; scenariosDir: string }): Promise<Discovery> {
  const files = await glob(`**/*${SCENARIO_SUFFIX}`, { cwd: config.scenariosDir, absolute: true, ignore: ['**/node_modules/**'] })
  const byName = new Map<string, ScenarioFile[]>()
  for (const file of files.sort()) {
    const entry = { name: scenarioName(file), file, source: projectPath(config.root, file) }
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry])
  }
  const scenarios: ScenarioFile[] = []
  const problems: CompileProblem[] = []
  const duplicateNames: string[] = []
  for (const [name, entries] of [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (entries.length === 1) {
      scenarios.push(entries[0]!)
      continue
    }
    duplicateNames.push(name)
    for (const e of entries) {
      const others = entries.filter((o) => o !== e).map((o) => o.source)
      problems.push({ file: e.source, line: 1, col: 1, message: `duplicate scenario name '${name}' (also ${others.join(', ')}); rename one file` })
    }
  }
  return { scenarios, problems, duplicateNames }
}
