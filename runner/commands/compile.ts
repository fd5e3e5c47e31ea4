// `acp-scenario compile [filter...] [--check]`: writes generated/<name>/input.json, or checks it is current.
import { createCompiler } from '../../dsl/compiler.js'
import { formatProblem } from '../../dsl/problems.js'
import { loadConfig } from '../config.js'
import { EXIT, UsageError } from '../errors.js'
import { unmatchedFilters } from '../select.js'

export default async function compile(filters: string[], options: { check?: boolean }): Promise<number> {
  // An orphan has no scenario to match a filter against, so --check always judges the whole of generated/.
  if (options.check && filters.length) throw new UsageError(`compile --check takes no filter (got ${filters.join(' ')}): it checks every generated file`)
  const config = loadConfig(process.cwd())
  const compiler = createCompiler(config)
  try {
    if (options.check) {
      const { problems, errors } = await compiler.check()
      for (const e of errors) process.stderr.write(`${formatProblem(e)}\n`)
      for (const p of problems) process.stdout.write(`${p.kind}: ${p.message}\n  fix: ${p.fix}\n`)
      if (errors.length) return EXIT.usage
      if (problems.length) {
        process.stdout.write(`${problems.length} generated file(s) out of date\n`)
        return EXIT.failed
      }
      process.stdout.write('generated files are current\n')
      return EXIT.ok
    }
    const { compiled, problems, written } = await compiler.compileAll(filters)
    for (const p of problems) process.stderr.write(`${formatProblem(p)}\n`)
    // A scenario that fails to compile may be the one a filter names or tags: only judge filters on a clean compile.
    const unmatched = problems.length ? [] : unmatchedFilters(compiled.map((c) => ({ name: c.name, tags: c.input.tags ?? [] })), filters)
    for (const f of unmatched) process.stderr.write(`acp-scenario: no scenario is named or tagged '${f}'\n`)
    process.stdout.write(`compiled ${compiled.length} scenario(s), ${written.length} file(s) written\n`)
    return problems.length || unmatched.length ? EXIT.usage : EXIT.ok
  } finally {
    compiler.close()
  }
}
