// The project's scenarios as the runner sees them: discovered scenario files plus what their input.json says.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { discoverScenarios } from '../dsl/discover.js'
import { formatProblem } from '../dsl/problems.js'
import { readInput } from '../dsl/read-input.js'
import type { ScenarioInput, Step } from '../dsl/schema.js'
import type { ResolvedConfig } from './config.js'
import { UsageError } from './errors.js'

export interface ScenarioEntry {
  name: string
  source: string
  tags: string[]
  /** Parsed input.json; undefined when it is missing or invalid (the run reports that as a failure). */
  input?: ScenarioInput
}

export async function listScenarios(config: ResolvedConfig): Promise<ScenarioEntry[]> {
  const found = await discoverScenarios(config)
  if (found.problems.length) throw new UsageError(found.problems.map(formatProblem).join('\n'))
  return found.scenarios.map((s) => {
    let input: ScenarioInput | undefined
    if (existsSync(join(config.generatedDir, s.name, 'input.json'))) {
      try {
        input = readInput(config.generatedDir, s.name)
      } catch {
        // reported when the scenario runs
      }
    }
    return { name: s.name, source: s.source, tags: input?.tags ?? [], ...(input ? { input } : {}) }
  })
}

const PROMPTING_OPS = new Set<Step['op']>(['prompt', 'promptContent', 'promptAndWaitForAgentMessage', 'promptExpectError', 'promptAndCancel', 'promptAndCancelAfterChunks'])

/** Whether record takes the model answers from the scenario's script (it scripts calls, or never prompts) rather than the upstream. */
export function recordsFromScript(input: ScenarioInput): boolean {
  return Boolean(input.llm?.length) || !input.steps.some((s) => PROMPTING_OPS.has(s.op))
}
