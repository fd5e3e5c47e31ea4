// acp-scenario check: generated input.json files are current (compile --check) and every fixture
// directory is complete and consistent (the fixture guard). What CI runs.
import { createCompiler } from '../../dsl/compiler.js'
import { formatProblem } from '../../dsl/problems.js'
import { loadConfig } from '../config.js'
import { EXIT } from '../errors.js'
import { guardFixtures } from '../fixture-guard.js'
import { listScenarios } from '../scenarios.js'

export default async function check(): Promise<number> {
  const config = loadConfig(process.cwd())
  const compiler = createCompiler(config)
  let codegen
  try {
    codegen = await compiler.check()
  } finally {
    compiler.close()
  }
  for (const e of codegen.errors) process.stderr.write(`${formatProblem(e)}\n`)
  const orphans = new Set(codegen.problems.filter((p) => p.kind === 'orphan').map((p) => p.name))
  const fixtures = guardFixtures(config, await listScenarios(config), orphans)
  const lines = [
    ...codegen.problems.map((p) => `${p.file}: ${p.kind}: ${p.message} (fix: ${p.fix})`),
    ...fixtures.map((p) => `${p.file}: ${p.message} (fix: ${p.fix})`),
  ]
  for (const line of lines) process.stdout.write(`${line}\n`)
  if (codegen.errors.length) return EXIT.usage
  if (lines.length) {
    process.stdout.write(`${lines.length} problem(s)\n`)
    return EXIT.failed
  }
  process.stdout.write('generated files and fixtures are consistent\n')
  return EXIT.ok
}
