// The per-scenario sandbox: a temp cwd (seeded with the workspace), a temp HOME (seeded with the agent's
// homeFiles), a log dir and a private TMPDIR, all removed afterwards.
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { ScenarioInput } from '../dsl/schema.js'
import { CONFIG_FILE, PACKAGE_ROOT, type ResolvedAgent } from './config.js'
import { UsageError } from './errors.js'
import type { Literal } from './normalize/strings.js'

/** The key handed to the agent whenever the real one must not be: replay, refresh, record (the model server holds the real key). */
export const DUMMY_API_KEY = 'acp-scenario-dummy-key'

export interface Placeholders {
  cwd: string
  home: string
  logDir: string
  tmp: string
  packageRoot: string
  baseUrl?: string
  port?: string
  apiKey: string
}

export interface Sandbox {
  root: string
  cwd: string
  home: string
  logDir: string
  tmp: string
  /** Every spelling of each directory with its placeholder, for the normaliser. */
  literals(): Literal[]
  remove(): void
}

/** Fills `{{name}}` placeholders; an unknown name is left as written so the mistake shows in output. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name]
    return value ?? m
  })
}

/** Whether `path` is `root` or below it (a name like `..x` inside the root is below it). */
export function isWithin(root: string, path: string): boolean {
  const r = relative(root, path)
  return r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r)
}

/** Resolves `rel` inside `root`; throws when it would escape (absolute, or `..` past the root). */
export function insideRoot(root: string, rel: string, what: string): string {
  const path = resolve(root, rel)
  if (isAbsolute(rel) || !isWithin(root, path)) throw new Error(`${what} "${rel}" is outside the sandbox`)
  return path
}

export function createSandbox(name: string, input: ScenarioInput, projectRoot: string): Sandbox {
  const root = mkdtempSync(join(tmpdir(), `acp-scenario-${name.replace(/[^\w.-]/g, '_')}-`))
  const dirs = { cwd: join(root, 'cwd'), home: join(root, 'home'), logDir: join(root, 'log'), tmp: join(root, 'tmp') }
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true })
  const sandbox: Sandbox = {
    root,
    ...dirs,
    literals() {
      const out: Literal[] = []
      const add = (value: string, placeholder: string): void => {
        out.push({ value, placeholder })
        try {
          out.push({ value: realpathSync(value), placeholder })
        } catch {
          // removed already: its given spelling is enough
        }
      }
      add(dirs.cwd, '{{cwd}}')
      add(dirs.home, '{{home}}')
      add(dirs.logDir, '{{logDir}}')
      add(dirs.tmp, '{{tmp}}')
      add(root, '{{sandbox}}')
      return out
    },
    remove() {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 })
    },
  }
  try {
    const workspace = input.workspace
    if (workspace?.dir) {
      const from = resolve(projectRoot, workspace.dir)
      if (!existsSync(from)) throw new Error(`workspace dir "${workspace.dir}" does not exist (it is relative to the project root)`)
      cpSync(from, dirs.cwd, { recursive: true })
    }
    for (const [rel, content] of Object.entries(workspace?.files ?? {})) writeInside(dirs.cwd, rel, content, 'workspace file')
  } catch (error) {
    sandbox.remove()
    throw error
  }
  return sandbox
}

/** The agent's homeFiles, written once the model server's URL is known (configs often embed it); a bad one is a config error. */
export function writeHomeFiles(agent: ResolvedAgent, values: Placeholders): void {
  for (const [rel, content] of Object.entries(agent.homeFiles ?? {})) {
    try {
      writeInside(values.home, fillPlaceholders(rel, values), fillPlaceholders(content, values), 'home file')
    } catch (error) {
      throw new UsageError(`${CONFIG_FILE}: agents.${agent.name}.homeFiles: ${(error as Error).message}`)
    }
  }
}

export function placeholdersOf(sandbox: Sandbox, server?: { url: string; port: number }): Placeholders {
  return {
    cwd: sandbox.cwd,
    home: sandbox.home,
    logDir: sandbox.logDir,
    tmp: sandbox.tmp,
    packageRoot: PACKAGE_ROOT,
    apiKey: DUMMY_API_KEY,
    ...(server ? { baseUrl: server.url, port: String(server.port) } : {}),
  }
}

function writeInside(root: string, rel: string, content: string, what: string): void {
  const path = insideRoot(root, rel, what)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}
