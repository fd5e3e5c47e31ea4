// The fixture guard: every scenario's generated/<name>/ is complete and consistent, nothing else is there.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ScenarioInput } from '../dsl/schema.js'
import { CONFIG_FILE, resolveAgent, type ResolvedConfig } from './config.js'
import { FIXTURE_FILES, readFixture, STAGING_PREFIX } from './fixtures.js'
import { parseCassette } from './llm/cassette.js'
import { recordsFromScript, type ScenarioEntry } from './scenarios.js'

export interface FixtureProblem {
  file: string
  message: string
  fix: string
}

/** Top-level files of the generated dir that are not scenario fixtures. */
const GENERATED_TOP_FILES = new Set(['input.schema.json'])

export function guardFixtures(config: ResolvedConfig, scenarios: ScenarioEntry[], compileOrphans: Set<string>): FixtureProblem[] {
  const problems: FixtureProblem[] = []
  const known = new Map(scenarios.map((s) => [s.name, s]))
  const gen = config.generated
  if (!existsSync(config.generatedDir)) return problems
  for (const entry of readdirSync(config.generatedDir).sort()) {
    const path = join(config.generatedDir, entry)
    if (entry.startsWith(STAGING_PREFIX)) {
      problems.push({ file: `${gen}/${entry}`, message: 'left over from an interrupted fixture write', fix: `rm -r ${gen}/${entry}` })
      continue
    }
    if (!statSync(path).isDirectory()) {
      if (!GENERATED_TOP_FILES.has(entry)) problems.push({ file: `${gen}/${entry}`, message: 'unknown file in the generated directory', fix: `rm ${gen}/${entry}` })
      continue
    }
    if (!known.has(entry) && !compileOrphans.has(entry)) {
      problems.push({ file: `${gen}/${entry}/`, message: 'orphan fixture directory: no scenario file has this name', fix: `rm -r ${gen}/${entry} (or restore scenarios/${entry}.scenario.ts)` })
    }
  }
  for (const s of scenarios) if (s.input) problems.push(...guardScenario(config, s.name, s.input))
  return problems
}

function guardScenario(config: ResolvedConfig, name: string, input: ScenarioInput): FixtureProblem[] {
  const problems: FixtureProblem[] = []
  const dir = join(config.generatedDir, name)
  const file = (f: string): string => `${config.generated}/${name}/${f}`
  const agentName = input.agent ?? config.defaultAgent
  let agent
  try {
    agent = resolveAgent(config, agentName)
  } catch (error) {
    return [{ file: file(FIXTURE_FILES.input), message: (error as Error).message, fix: `configure agent "${agentName}" in ${CONFIG_FILE}` }]
  }
  const allowed = new Set<string>([FIXTURE_FILES.input, FIXTURE_FILES.stdout, FIXTURE_FILES.llm])
  if (agent.sessionLog) allowed.add(FIXTURE_FILES.session)
  if (input.workspace?.expect) allowed.add(FIXTURE_FILES.workspace)
  const present = existsSync(dir) ? readdirSync(dir) : []
  for (const f of present.sort()) {
    if (!allowed.has(f)) problems.push({ file: file(f), message: 'unknown file in a fixture directory', fix: `rm ${file(f)}` })
  }
  if (!present.includes(FIXTURE_FILES.llm)) problems.push({ file: file(FIXTURE_FILES.llm), message: 'missing model cassette', fix: `acp-scenario record ${name}` })
  if (!present.includes(FIXTURE_FILES.stdout)) problems.push({ file: file(FIXTURE_FILES.stdout), message: 'missing transcript expectation', fix: `acp-scenario refresh ${name}` })
  if (input.workspace?.expect && !present.includes(FIXTURE_FILES.workspace)) {
    problems.push({ file: file(FIXTURE_FILES.workspace), message: 'missing workspace expectation (the scenario sets workspace.expect)', fix: `acp-scenario refresh ${name}` })
  }
  const text = readFixture(dir, 'llm')
  if (text === undefined) return problems
  try {
    const cassette = parseCassette(text, file(FIXTURE_FILES.llm))
    if (cassette.header.wire !== agent.wire) {
      problems.push({ file: file(FIXTURE_FILES.llm), message: `recorded for the ${cassette.header.wire} wire, but agent "${agent.name}" speaks ${agent.wire}`, fix: `acp-scenario record ${name}` })
    }
    const entries = input.llm ?? []
    if (cassette.header.source === 'scripted' && !recordsFromScript(input)) {
      problems.push({ file: file(FIXTURE_FILES.llm), message: 'recorded from a script, but the scenario scripts no model calls any more', fix: `acp-scenario record ${name}` })
    } else if (cassette.header.source === 'upstream' && entries.length > 0) {
      problems.push({ file: file(FIXTURE_FILES.llm), message: `recorded from the upstream API, but the scenario now scripts ${entries.length} model call(s)`, fix: `acp-scenario record ${name}` })
    } else if (cassette.header.source === 'scripted' && !entries.some((e) => e.repeat) && cassette.calls.length !== entries.length) {
      problems.push({ file: file(FIXTURE_FILES.llm), message: `holds ${cassette.calls.length} model call(s), but the scenario scripts ${entries.length}`, fix: `acp-scenario record ${name}` })
    }
  } catch (error) {
    problems.push({ file: file(FIXTURE_FILES.llm), message: (error as Error).message, fix: `acp-scenario record ${name}` })
  }
  return problems
}
