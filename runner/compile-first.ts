// Write modes compile the selected scenarios first: fixtures recorded from a stale input.json would
// pin behaviour the scenario file no longer asks for. `run` stays compile-free (fast; `check` guards CI).
import { compileScenarios } from '../dsl/compiler.js'
import { formatProblem } from '../dsl/problems.js'
import type { ResolvedConfig } from './config.js'
import { UsageError } from './errors.js'

export async function compileFirst(config: ResolvedConfig, filters: string[]): Promise<void> {
  const { problems } = await compileScenarios(config, filters)
  if (problems.length) throw new UsageError(`scenario files do not compile:\n${problems.map(formatProblem).join('\n')}`)
}
