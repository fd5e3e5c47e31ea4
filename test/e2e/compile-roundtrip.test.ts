// The DeepSeek Harness corpus: every input.json validates, imports to a scenario file, type-checks,
// and compiles back to the same input (ignoring the fields the compiler adds: at, source).
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readInputFile } from '../../dsl/read-input.js'
import { cli, tempProject } from './compile-helpers.js'

const CORPUS = resolve(import.meta.dirname, '../fixtures/dsh-inputs')
const names = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()

const withoutAddedFields = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v) => (k === 'at' || k === 'source' ? undefined : v)))

describe('DeepSeek Harness corpus round trip', () => {
  const project = tempProject()
  afterAll(() => project.cleanup())

  it('has the 101 inputs, each valid against the schema', () => {
    expect(names).toHaveLength(101)
    for (const name of names) readInputFile(join(CORPUS, name, 'input.json'))
  })

  it('imports all, compiles all back (one compiler), and each equals its original', async () => {
    const imported = await cli(project.root, 'import', CORPUS)
    expect(imported.exitCode, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('imported 101 of 101')
    const compiled = await cli(project.root, 'compile')
    expect(compiled.exitCode, compiled.stderr).toBe(0)
    expect(compiled.stdout).toContain('compiled 101 scenario(s)')
    for (const name of names) {
      const original = JSON.parse(readFileSync(join(CORPUS, name, 'input.json'), 'utf8'))
      const back = JSON.parse(readFileSync(join(project.root, 'generated', name, 'input.json'), 'utf8'))
      expect(withoutAddedFields(back), name).toEqual(original)
    }
    expect((await cli(project.root, 'compile', '--check')).exitCode).toBe(0)
  })

  it('refuses to overwrite an imported scenario without --force', async () => {
    const file = join(CORPUS, names[0]!, 'input.json')
    const again = await cli(project.root, 'import', file)
    expect(again.exitCode).toBe(2)
    expect(again.stderr).toContain('exists; pass --force')
    expect((await cli(project.root, 'import', '--force', file)).exitCode).toBe(0)
  })
})
