// The project's scenarios as the runner sees them: discovered scenario files plus what their input.json says.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { discoverScenarios } from '../dsl/discover.js'
import { formatProblem } from '../dsl/problems.js'
import { parseInput } from '../dsl/read-input.js'
import type { ScenarioInput, Step } from '../dsl/schema.js'
import type { ResolvedConfig } from './config.js'
import { UsageError } from './errors.js'

export interface ScenarioEntry {
  name: string
  source: string
  tags: string[]
  /** Parsed input.json, validated on first use; undefined when it is missing or invalid (the run reports that as a failure). */
  readonly input?: ScenarioInput
}

/** Tags without validating the whole file: selecting one scenario of hundreds must not parse them all. */
function tagsOf(text: string | undefined): string[] {
  try {
    const tags = text === undefined ? undefined : (JSON.parse(text) as { tags?: unknown }).tags
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

function entryOf(config: ResolvedConfig, name: string, source: string): ScenarioEntry {
  const file = join(config.generatedDir, name, 'input.json')
  const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined
  let input: ScenarioInput | undefined
  let parsed = false
  return {
    name,
    source,
    tags: tagsOf(text),
    get input() {
      if (!parsed && text !== undefined) {
        try {
          input = parseInput(text, file)
        } catch {
          // reported when the scenario runs
        }
      }
      parsed = true
      return input
    },
  }
}

export async function listScenarios(config: ResolvedConfig): Promise<ScenarioEntry[]> {
  const found = await discoverScenarios(config)
  if (found.problems.length) throw new UsageError(found.problems.map(formatProblem).join('\n'))
  return found.scenarios.map((s) => entryOf(config, s.name, s.source))
}

const PROMPTING_OPS = new Set<Step['op']>(['prompt', 'promptContent', 'promptAndWaitForAgentMessage', 'promptExpectError', 'promptAndCancel', 'promptAndCancelAfterChunks'])

/** Whether record takes the model answers from the scenario's script (it scripts calls, or never prompts) rather than the upstream. */
export function recordsFromScript(input: ScenarioInput): boolean {
  return Boolean(input.llm?.length) || !input.steps.some((s) => PROMPTING_OPS.has(s.op))
}
