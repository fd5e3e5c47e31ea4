// Reading a generated input.json (or any DeepSeek Harness input.json) with file:line errors.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import JSON5 from 'json5'
import { inputSchema, type ScenarioInput } from './schema.js'
import { locateJsonPath, positionOf } from './json-locate.js'
import { projectPath } from './paths.js'
import { InputFileError } from './problems.js'

const issuePath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '')

/** Node 20's JSON.parse messages often omit the position; json5's parser reports line and column. */
function syntaxErrorPosition(text: string, error: Error): { line: number; col: number } {
  const offset = /position (\d+)/.exec(error.message)?.[1]
  if (offset) return positionOf(text, Number(offset))
  try {
    JSON5.parse(text)
  } catch (e) {
    const { lineNumber, columnNumber } = e as { lineNumber?: number; columnNumber?: number }
    if (lineNumber) return { line: lineNumber, col: columnNumber ?? 1 }
  }
  return { line: 1, col: 1 }
}

/** Parses and validates input.json text; `label` names the file in errors. */
export function parseInput(text: string, label: string): ScenarioInput {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new InputFileError({ file: label, ...syntaxErrorPosition(text, error as Error), message: `expected valid JSON: ${(error as Error).message}` })
  }
  const parsed = inputSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const { line, col } = locateJsonPath(text, issue.path)
  const where = issuePath(issue.path)
  throw new InputFileError({ file: label, line, col, message: `${where ? `${where}: ` : ''}${issue.message}` })
}

/** Reads a file as an input.json; errors name it relative to `root` (default: the cwd). */
export function readInputFile(file: string, root = process.cwd()): ScenarioInput {
  const label = projectPath(root, file) || file
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new InputFileError({ file: label, line: 1, col: 1, message: `cannot read: ${(error as Error).message}` })
  }
  return parseInput(text, label)
}

/** Parses and validates `<generatedDir>/<name>/input.json`; throws InputFileError naming file:line:col. */
export function readInput(generatedDir: string, name: string): ScenarioInput {
  return readInputFile(join(generatedDir, name, 'input.json'))
}
