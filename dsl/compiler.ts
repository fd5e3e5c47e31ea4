// The compiler: scenarios/**/*.scenario.ts -> generated/<name>/input.json, and the codegen check.
// `createCompiler` keeps the type checker alive between calls (watch mode recompiles one file fast).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { matchesFilter } from '../runner/select.js'
import { assemble } from './assemble.js'
import { discoverScenarios, SCENARIO_SUFFIX, type ScenarioFile } from './discover.js'
import { evaluateScenarios } from './evaluate.js'
import { INPUT_SCHEMA_FILE, inputJsonSchemaText } from './json-schema.js'
import { projectPath } from './paths.js'
import type { CompileProblem } from './problems.js'
import type { ScenarioInput } from './schema.js'
import { createTypeChecker } from './typecheck.js'

export interface CompilerConfig {
  root: string
  scenariosDir: string
  generatedDir: string
}

export interface CompiledScenario extends ScenarioFile {
  input: ScenarioInput
  /** The exact bytes of generated/<name>/input.json. */
  json: string
  /** Absolute path of generated/<name>/input.json. */
  outFile: string
}

export interface CompileResult {
  compiled: CompiledScenario[]
  /** Every failure, each naming file:line:col; failing scenarios get nothing written. */
  problems: CompileProblem[]
  /** Absolute paths whose bytes changed (unchanged files are not rewritten). */
  written: string[]
}

export type CheckProblemKind = 'stale' | 'missing' | 'orphan'
export interface CheckProblem {
  kind: CheckProblemKind
  /** Scenario name, or `input.schema.json` for the editor schema. */
  name: string
  /** Project-relative path of the generated file concerned. */
  file: string
  message: string
  /** The command that fixes it. */
  fix: string
}
export interface CheckResult {
  problems: CheckProblem[]
  /** Scenarios that do not compile (check cannot judge their generated file). */
  errors: CompileProblem[]
}

export interface Compiler {
  /** Compiles and writes one file; a changed helper (not a scenario) recompiles every scenario. */
  compileFile(path: string): Promise<CompileResult>
  /** Compiles and writes every scenario, or those a filter selects (name, tag or `*` glob, as the runner selects). */
  compileAll(filter?: readonly string[]): Promise<CompileResult>
  /** Compiles in memory and compares with generated/; writes nothing. */
  check(): Promise<CheckResult>
  /** Removes the compiler's temp files. */
  close(): void
}

/** Writes only when the bytes differ, through a temp file and rename; true when it wrote. */
function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
  return true
}

export function createCompiler(config: CompilerConfig): Compiler {
  const { root, generatedDir } = config
  const checker = createTypeChecker(root)
  let tempDir: string | undefined
  const temp = (): string => {
    if (tempDir) return tempDir
    // Inside the project's node_modules, so bundles can import the project's own packages.
    const base = existsSync(join(root, 'node_modules')) ? join(root, 'node_modules', '.cache', 'acp-scenario') : tmpdir()
    mkdirSync(base, { recursive: true })
    return (tempDir = mkdtempSync(join(base, 'compile-')))
  }
  const outFile = (name: string): string => join(generatedDir, name, 'input.json')
  const rel = (file: string): string => projectPath(root, file)

  async function build(scenarios: readonly ScenarioFile[]): Promise<{ compiled: CompiledScenario[]; problems: CompileProblem[] }> {
    const typeProblems = checker.check(scenarios.map((s) => s.file))
    // A helper imported by several scenarios reports its errors once, not once per scenario.
    const problems = [...new Map([...typeProblems.values()].flat().map((p) => [JSON.stringify(p), p])).values()]
    const typed = scenarios.filter((s) => !typeProblems.get(s.file)?.length)
    const evaluations = await evaluateScenarios(
      typed.map((s) => s.file),
      { root, tempDir: temp() },
    )
    const compiled: CompiledScenario[] = []
    for (const [i, scenario] of typed.entries()) {
      const evaluation = evaluations[i]!
      if (!evaluation.ok) {
        problems.push(...evaluation.problems)
        continue
      }
      const assembled = assemble(evaluation.draft, {
        source: scenario.source,
        mapSite: evaluation.mapSite,
        resolveDir: (dir) => rel(resolve(dirname(scenario.file), dir)),
      })
      if (assembled.ok) compiled.push({ ...scenario, input: assembled.input, json: assembled.json, outFile: outFile(scenario.name) })
      else problems.push(...assembled.problems)
    }
    return { compiled, problems }
  }

  function write(compiled: readonly CompiledScenario[]): string[] {
    const written = compiled.filter((c) => writeIfChanged(c.outFile, c.json)).map((c) => c.outFile)
    const schemaFile = join(generatedDir, INPUT_SCHEMA_FILE)
    return writeIfChanged(schemaFile, inputJsonSchemaText()) ? [...written, schemaFile] : written
  }

  async function compileSet(scenarios: readonly ScenarioFile[], extra: CompileProblem[]): Promise<CompileResult> {
    const { compiled, problems } = await build(scenarios)
    return { compiled, problems: [...extra, ...problems], written: write(compiled) }
  }

  return {
    async compileAll(filter = []) {
      const discovery = await discoverScenarios(config)
      // Names are known before evaluation, tags only after: a filter that is all names compiles just
      // those; any other filter compiles everything and keeps what the runner's matcher selects, so
      // record, refresh and watch never run a glob- or tag-selected scenario from a stale input.json.
      const byName = filter.length > 0 && filter.every((f) => discovery.scenarios.some((s) => s.name === f))
      const scenarios = byName ? discovery.scenarios.filter((s) => filter.includes(s.name)) : discovery.scenarios
      const { compiled, problems } = await build(scenarios)
      const selected =
        filter.length === 0 ? compiled : compiled.filter((c) => filter.some((f) => matchesFilter({ name: c.name, tags: c.input.tags ?? [] }, f)))
      return { compiled: selected, problems: [...discovery.problems, ...problems], written: write(selected) }
    },

    async compileFile(path) {
      const file = resolve(root, path)
      const discovery = await discoverScenarios(config)
      const scenario = discovery.scenarios.find((s) => s.file === file)
      const duplicate = discovery.problems.filter((p) => p.file === rel(file))
      if (scenario || duplicate.length) return compileSet(scenario ? [scenario] : [], duplicate)
      if (file.endsWith(SCENARIO_SUFFIX)) return { compiled: [], problems: [], written: [] } // deleted: check reports the orphan
      return compileSet(discovery.scenarios, discovery.problems)
    },

    async check() {
      const discovery = await discoverScenarios(config)
      const { compiled, problems: errors } = await build(discovery.scenarios)
      const problems: CheckProblem[] = []
      const genRel = rel(generatedDir)
      for (const c of compiled) {
        const file = rel(c.outFile)
        const fix = `npx acp-scenario compile ${c.name}`
        if (!existsSync(c.outFile)) problems.push({ kind: 'missing', name: c.name, file, message: `${file} is missing (compiled from ${c.source})`, fix })
        else if (readFileSync(c.outFile, 'utf8') !== c.json)
          problems.push({ kind: 'stale', name: c.name, file, message: `${file} is stale: ${c.source} compiles to different content`, fix })
      }
      const known = new Set([...discovery.scenarios.map((s) => s.name), ...discovery.duplicateNames])
      const dirs = existsSync(generatedDir) ? readdirSync(generatedDir, { withFileTypes: true }) : []
      for (const dir of dirs.filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
        if (known.has(dir) || !existsSync(outFile(dir))) continue
        const file = `${genRel}/${dir}/input.json`
        problems.push({
          kind: 'orphan',
          name: dir,
          file,
          message: `${file} is orphaned: no ${dir}${SCENARIO_SUFFIX} under ${rel(config.scenariosDir)}/ (restore it, or delete the directory)`,
          fix: `rm -r ${genRel}/${dir}`,
        })
      }
      const schemaFile = join(generatedDir, INPUT_SCHEMA_FILE)
      const schemaRel = rel(schemaFile)
      if (!existsSync(schemaFile))
        problems.push({ kind: 'missing', name: INPUT_SCHEMA_FILE, file: schemaRel, message: `${schemaRel} is missing`, fix: 'npx acp-scenario compile' })
      else if (readFileSync(schemaFile, 'utf8') !== inputJsonSchemaText())
        problems.push({ kind: 'stale', name: INPUT_SCHEMA_FILE, file: schemaRel, message: `${schemaRel} is stale`, fix: 'npx acp-scenario compile' })
      return { problems, errors: [...discovery.problems, ...errors] }
    },

    close() {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
      tempDir = undefined
    },
  }
}

/** Compiles once and cleans up: for callers that do not keep a compiler (record, refresh). */
export async function compileScenarios(config: CompilerConfig, filter?: readonly string[]): Promise<CompileResult> {
  const compiler = createCompiler(config)
  try {
    return await compiler.compileAll(filter)
  } finally {
    compiler.close()
  }
}
