// Runs scenario files: bundles them with esbuild (acp-scenario resolved to this package's compiled
// DSL), imports each bundle from a temp file, and maps call sites back through the source map.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type BuildFailure, type Plugin } from 'esbuild'
import type { SiteMapper } from './assemble.js'
import { stackFrames, type RawSite } from './callsite.js'
import { draftOf, type Draft } from './draft.js'
import { positionOf } from './json-locate.js'
import { DSL_ENTRY } from './package-root.js'
import { projectPath, toPosix } from './paths.js'
import { parseAt, type CompileProblem } from './problems.js'

export type Evaluation = { ok: true; draft: Draft; mapSite: SiteMapper } | { ok: false; problems: CompileProblem[] }

export interface EvaluateOptions {
  root: string
  /** Where bundles are written for the moment of their import (created if missing). */
  tempDir: string
}

let runCounter = 0

const dslPlugin: Plugin = {
  name: 'acp-scenario-dsl',
  setup(b) {
    const url = pathToFileURL(DSL_ENTRY).href
    b.onResolve({ filter: /^acp-scenario$/ }, () => ({ path: url, external: true }))
  },
}

function bundleOptions(entries: Record<string, string>, opts: EvaluateOptions, runId: string) {
  return {
    entryPoints: entries,
    absWorkingDir: opts.root,
    bundle: true,
    format: 'esm' as const,
    platform: 'node' as const,
    target: 'node20',
    packages: 'external' as const,
    write: false,
    outdir: opts.tempDir,
    entryNames: `${runId}-[name]`,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'external' as const,
    sourcesContent: false,
    logLevel: 'silent' as const,
    plugins: [dslPlugin],
  }
}

function buildProblems(error: unknown, fallbackFile: string): CompileProblem[] {
  const failure = error as Partial<BuildFailure>
  if (!failure.errors?.length) return [{ file: fallbackFile, line: 1, col: 1, message: `cannot bundle: ${String(error)}` }]
  return failure.errors.map((e) => ({
    file: e.location ? toPosix(e.location.file) : fallbackFile,
    line: e.location?.line ?? 1,
    col: (e.location?.column ?? 0) + 1,
    message: `cannot bundle: ${e.text}`,
  }))
}

/** Position of `export default` in the source, for errors about the default export. */
function defaultExportPosition(file: string): { line: number; col: number } {
  const text = readFileSync(file, 'utf8')
  const m = /^export\s+default\b/m.exec(text)
  return m ? positionOf(text, m.index) : { line: 1, col: 1 }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'function') return 'a function (call it?)'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? `an object with keys ${Object.keys(value).join(', ') || '(none)'}` : `a ${typeof value}`
}

/** A scenario's top level may await; one that never settles must fail the scenario, not hang the compiler. */
const EVALUATION_TIMEOUT_MS = 10_000
class EvaluationTimeout extends Error {}

async function importBounded(url: string): Promise<{ default?: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EvaluationTimeout()), EVALUATION_TIMEOUT_MS)
  })
  try {
    return await Promise.race([import(url) as Promise<{ default?: unknown }>, expired])
  } finally {
    clearTimeout(timer)
  }
}

async function runBundle(file: string, bundlePath: string, code: string, map: string, root: string): Promise<Evaluation> {
  const source = projectPath(root, file)
  const sourceMap = new SourceMap(JSON.parse(map))
  const mapDir = resolve(bundlePath, '..')
  const mapSite: SiteMapper = (site: RawSite | undefined) => {
    if (!site) return undefined
    let { file: at, line, col } = site
    if (site.file === bundlePath) {
      const origin = sourceMap.findOrigin(line, col) as { fileName?: string; lineNumber?: number; columnNumber?: number }
      if (!origin.fileName || !origin.lineNumber) return undefined
      at = resolve(mapDir, origin.fileName)
      line = origin.lineNumber
      col = origin.columnNumber ?? 1
    }
    const rel = relative(root, at)
    return rel.startsWith('..') ? undefined : `${toPosix(rel)}:${line}:${col}`
  }
  writeFileSync(bundlePath, code)
  let module: { default?: unknown }
  try {
    module = await importBounded(pathToFileURL(bundlePath).href)
  } catch (error) {
    if (error instanceof EvaluationTimeout) {
      const message = `expected the scenario's top level to finish within ${EVALUATION_TIMEOUT_MS / 1000} s; it is still awaiting (a promise that never settles?)`
      return { ok: false, problems: [{ file: source, line: 1, col: 1, message }] }
    }
    const stack = error instanceof Error ? (error.stack ?? '') : ''
    const at = mapSite(stackFrames(stack).find((f) => f.file === bundlePath))
    const where = (at && parseAt(at)) || { file: source, line: 1, col: 1 }
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { ok: false, problems: [{ ...where, message: `threw while evaluating the scenario: ${text}` }] }
  } finally {
    rmSync(bundlePath, { force: true })
  }
  const draft = draftOf(module.default)
  if (draft) return { ok: true, draft, mapSite }
  const message =
    'default' in module
      ? `expected the default export to be a scenario builder chain (initialize()...), got ${describe(module.default)}`
      : 'expected a default export: export default initialize().newSession()...'
  return { ok: false, problems: [{ file: source, ...defaultExportPosition(file), message }] }
}

/** Evaluates scenario files (absolute paths), one result per file in the same order. */
export async function evaluateScenarios(files: readonly string[], opts: EvaluateOptions): Promise<Evaluation[]> {
  if (files.length === 0) return []
  mkdirSync(opts.tempDir, { recursive: true })
  const runId = `${process.pid}-${++runCounter}`
  const entries = Object.fromEntries(files.map((f, i) => [`s${i}`, f]))
  let outputs: Map<string, string>
  try {
    const result = await build(bundleOptions(entries, opts, runId))
    outputs = new Map((result.outputFiles ?? []).map((o) => [o.path, o.text]))
  } catch (error) {
    // One broken file fails a shared build: retry each alone so the others still compile.
    if (files.length === 1) return [{ ok: false, problems: buildProblems(error, projectPath(opts.root, files[0]!)) }]
    return (await Promise.all(files.map((f) => evaluateScenarios([f], opts)))).flat()
  }
  const results: Evaluation[] = []
  for (const [i, file] of files.entries()) {
    const bundlePath = join(opts.tempDir, `${runId}-s${i}.mjs`)
    results.push(await runBundle(file, bundlePath, outputs.get(bundlePath)!, outputs.get(`${bundlePath}.map`)!, opts.root))
  }
  return results
}
