// The surfaces a run produces besides the transcript: the agent's session log and the workspace files.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { projectPath } from '../dsl/paths.js'
import type { Json } from './normalize/json-walk.js'
import { readSessionLogs } from './session-log.js'

/** All session log lines, file after file; undefined when the agent wrote none. */
export function sessionLogLines(dir: string, glob: string): string[] | undefined {
  const files = readSessionLogs(dir, glob)
  return files.length ? files.flatMap((f) => f.lines) : undefined
}

/** Files the agent left in its cwd: relative path -> text, sorted by path. */
export function workspaceFiles(cwd: string): Record<string, Json> {
  const files: Record<string, Json> = {}
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) files[projectPath(cwd, path)] = readText(path)
    }
  }
  walk(cwd)
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)))
}

function readText(path: string): string {
  const bytes = readFileSync(path)
  return bytes.includes(0) ? `<binary, ${statSync(path).size} bytes>` : bytes.toString('utf8')
}
