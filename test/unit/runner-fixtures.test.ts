import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFixtures } from '../../runner/fixtures.js'

let root: string | undefined
afterEach(() => root && rmSync(root, { recursive: true, force: true }))

describe('writeFixtures', () => {
  it('writes only changed files, removes files set to null, and leaves no staging dir', () => {
    root = mkdtempSync(join(tmpdir(), 'fixtures-'))
    const dir = join(root, 'x')
    mkdirSync(dir)
    writeFileSync(join(dir, 'input.json'), '{}\n')
    writeFileSync(join(dir, 'stdout.expected.jsonl'), 'same\n')
    writeFileSync(join(dir, 'session.jsonl'), 'old\n')
    const mtime = statSync(join(dir, 'stdout.expected.jsonl')).mtimeMs
    const written = writeFixtures(dir, { stdout: 'same\n', llm: 'cassette\n', session: null })
    expect(written).toEqual(['llm.jsonl', 'session.jsonl'])
    expect(readdirSync(dir).sort()).toEqual(['input.json', 'llm.jsonl', 'stdout.expected.jsonl'])
    expect(statSync(join(dir, 'stdout.expected.jsonl')).mtimeMs).toBe(mtime)
    expect(readdirSync(root)).toEqual(['x'])
  })
  it('writes nothing when the run is no longer wanted by commit time', () => {
    root = mkdtempSync(join(tmpdir(), 'fixtures-'))
    const dir = join(root, 'x')
    expect(writeFixtures(dir, { stdout: 'new\n' }, () => false)).toEqual([])
    expect(readdirSync(root)).toEqual([])
    writeFixtures(dir, { stdout: 'new\n' })
    expect(readFileSync(join(dir, 'stdout.expected.jsonl'), 'utf8')).toBe('new\n')
  })
})
