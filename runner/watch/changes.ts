// What a changed path means for watch mode: a scenario source to recompile, the config, a fixture of one
// scenario, or a source of an agent to rebuild. Pure, so the table is easy to test and to read.
import { basename, isAbsolute, relative, sep } from 'node:path'
import { FIXTURE_FILES, STAGING_PREFIX } from '../fixtures.js'

export type Change =
  | { kind: 'scenario-source'; file: string }
  | { kind: 'config' }
  | { kind: 'fixture'; name: string; file: string }
  | { kind: 'agent-source'; agents: string[]; file: string }

export interface WatchLayout {
  scenariosDir: string
  generatedDir: string
  configFile: string
  /** The agents whose source globs match this absolute path. */
  agentSources: (file: string) => string[]
}

/** Fixture files a person may edit by hand; input.json is compile output and is followed via its scenario file. */
const WATCHED_FIXTURES = new Set<string>(Object.values(FIXTURE_FILES).filter((f) => f !== 'input.json'))

const inside = (dir: string, file: string): string | undefined => {
  const rel = relative(dir, file)
  return rel && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? rel : undefined
}

export function classifyChange(file: string, layout: WatchLayout): Change | undefined {
  if (file === layout.configFile) return { kind: 'config' }
  const inScenarios = inside(layout.scenariosDir, file)
  if (inScenarios !== undefined && file.endsWith('.ts') && !inScenarios.split(sep).includes('node_modules')) return { kind: 'scenario-source', file }
  const inGenerated = inside(layout.generatedDir, file)
  if (inGenerated !== undefined) {
    const parts = inGenerated.split(sep)
    if (parts.length === 2 && !parts[0]!.startsWith(STAGING_PREFIX) && WATCHED_FIXTURES.has(basename(file))) return { kind: 'fixture', name: parts[0]!, file }
    return undefined
  }
  const agents = layout.agentSources(file)
  return agents.length ? { kind: 'agent-source', agents, file } : undefined
}
