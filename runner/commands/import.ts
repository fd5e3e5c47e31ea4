// `acp-scenario import <input.json | dir>...`: writes scenarios/<name>.scenario.ts from input.json files.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { glob } from 'tinyglobby'
import { generateScenarioSource } from '../../dsl/codegen.js'
import { SCENARIO_SUFFIX } from '../../dsl/discover.js'
import { projectPath } from '../../dsl/paths.js'
import { formatProblem, InputFileError } from '../../dsl/problems.js'
import { readInputFile } from '../../dsl/read-input.js'
import { loadConfig } from '../config.js'
import { EXIT, UsageError } from '../errors.js'

/** input.json files named by the arguments: files as given, directories searched beneath. */
async function inputFiles(paths: string[]): Promise<string[]> {
  const found: string[] = []
  for (const path of paths) {
    const abs = resolve(path)
    if (!existsSync(abs)) throw new UsageError(`${path}: no such file or directory`)
    if (statSync(abs).isDirectory()) found.push(...(await glob('**/input.json', { cwd: abs, absolute: true, ignore: ['**/node_modules/**'] })).sort())
    else found.push(abs)
  }
  return found
}

/** `dir/input.json` is named after `dir`; any other `x.json` after `x`. */
const nameOf = (file: string): string => (basename(file) === 'input.json' ? basename(dirname(file)) : basename(file).replace(/\.json$/, ''))

export default async function importInputs(paths: string[], options: { out?: string; force?: boolean }): Promise<number> {
  const root = process.cwd()
  // Where `compile` looks, unless told otherwise: the config may move the scenarios folder.
  const outDir = options.out === undefined ? loadConfig(root).scenariosDir : resolve(root, options.out)
  const files = await inputFiles(paths)
  if (files.length === 0) throw new UsageError(`no input.json found under ${paths.join(', ')}`)
  let failed = 0
  const claimed = new Map<string, string>()
  for (const file of files) {
    const name = nameOf(file)
    const target = join(outDir, `${name}${SCENARIO_SUFFIX}`)
    const label = projectPath(root, target)
    const from = projectPath(root, file)
    const fail = (message: string): void => {
      failed++
      process.stderr.write(`${message}\n`)
    }
    if (claimed.has(name)) {
      fail(`${from}: scenario name '${name}' already taken by ${claimed.get(name)}`)
      continue
    }
    claimed.set(name, from)
    if (existsSync(target) && !options.force) {
      fail(`${label} exists; pass --force to overwrite it`)
      continue
    }
    try {
      const input = readInputFile(file, root)
      const source = generateScenarioSource(input, {
        relativeDir: (dir) => {
          const rel = projectPath(dirname(target), resolve(root, dir))
          return rel.startsWith('.') ? rel : `./${rel}`
        },
      })
      mkdirSync(outDir, { recursive: true })
      writeFileSync(target, source)
      process.stdout.write(`wrote ${label}\n`)
    } catch (error) {
      fail(error instanceof InputFileError ? formatProblem(error.problem) : `${from}: ${(error as Error).message}`)
    }
  }
  process.stdout.write(`imported ${files.length - failed} of ${files.length}; next: npx acp-scenario compile\n`)
  return failed ? EXIT.usage : EXIT.ok
}
