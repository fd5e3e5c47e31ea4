// Reads the agent's own session log (JSONL files in the log dir the runner gave it).
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { globSync } from 'tinyglobby'

export interface SessionLogFile {
  file: string
  lines: string[]
}

/** The log files in creation order, each with its non-empty lines. */
export function readSessionLogs(dir: string, glob: string): SessionLogFile[] {
  const files = globSync(glob, { cwd: dir, onlyFiles: true }).sort()
  const withTimes = files.map((file) => ({ file, birth: safeBirth(join(dir, file)) }))
  withTimes.sort((a, b) => a.birth - b.birth || a.file.localeCompare(b.file))
  return withTimes.map(({ file }) => ({ file, lines: readLines(join(dir, file)) }))
}

/** Parsed events of every log file, in file order (unparseable lines are skipped: the log may be mid-write). */
export function readSessionEvents(dir: string, glob: string): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = []
  for (const { lines } of readSessionLogs(dir, glob)) {
    for (const line of lines) {
      try {
        const value: unknown = JSON.parse(line)
        if (value && typeof value === 'object' && !Array.isArray(value)) events.push(value as Record<string, unknown>)
      } catch {
        // a partially written last line
      }
    }
  }
  return events
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '')
  } catch {
    return []
  }
}

function safeBirth(path: string): number {
  try {
    const s = statSync(path)
    return s.birthtimeMs || s.ctimeMs
  } catch {
    return 0
  }
}
