// The fixture files of one scenario (generated/<name>/) and all-or-nothing writes to them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const FIXTURE_FILES = {
  input: 'input.json',
  stdout: 'stdout.expected.jsonl',
  llm: 'llm.jsonl',
  session: 'session.jsonl',
  workspace: 'workspace.expected.json',
} as const
export type FixtureKey = keyof typeof FIXTURE_FILES

/** Staging directories live next to the fixture directories (same filesystem, so renames are atomic). */
export const STAGING_PREFIX = '.acp-scenario-staging-'

export function readFixture(dir: string, key: FixtureKey): string | undefined {
  try {
    return readFileSync(join(dir, FIXTURE_FILES[key]), 'utf8')
  } catch {
    return undefined
  }
}

/** New contents per fixture; `null` removes a file the run no longer produces. */
export type FixtureUpdate = Partial<Record<FixtureKey, string | null>>

/**
 * Writes every changed file of one scenario or none: contents are staged in a temp directory first, then
 * moved into place by synchronous renames, which no signal handler can interrupt halfway. Unchanged files
 * are not touched (bytes and mtimes stay). Returns the file names that changed.
 */
export function writeFixtures(dir: string, update: FixtureUpdate, stillWanted: () => boolean = () => true): string[] {
  const changes = (Object.entries(update) as [FixtureKey, string | null][]).filter(([key, content]) => {
    const current = readFixture(dir, key)
    return content === null ? current !== undefined : current !== content
  })
  if (changes.length === 0) return []
  mkdirSync(dirname(dir), { recursive: true })
  const staging = mkdtempSync(join(dirname(dir), STAGING_PREFIX))
  try {
    for (const [key, content] of changes) if (content !== null) writeFileSync(join(staging, FIXTURE_FILES[key]), content)
    if (!stillWanted()) return []
    mkdirSync(dir, { recursive: true })
    for (const [key, content] of changes) {
      const target = join(dir, FIXTURE_FILES[key])
      if (content === null) {
        if (existsSync(target)) unlinkSync(target)
      } else {
        renameSync(join(staging, FIXTURE_FILES[key]), target)
      }
    }
    return changes.map(([key]) => FIXTURE_FILES[key])
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
