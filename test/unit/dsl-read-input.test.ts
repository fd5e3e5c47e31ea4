import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { locateJsonPath } from '../../dsl/json-locate.js'
import { InputFileError } from '../../dsl/problems.js'
import { parseInput, readInput } from '../../dsl/read-input.js'

const text = `{
  "steps": [
    { "op": "initialize" },
    {
      "op": "waitForFile",
      "path": ""
    }
  ],
  "permissionAnswers": [{ "kind": "allow_once" }]
}
`

describe('locateJsonPath', () => {
  it('finds the value at a path, or the deepest reachable one', () => {
    expect(locateJsonPath(text, ['steps', 1, 'path'])).toEqual({ line: 6, col: 15 })
    expect(locateJsonPath(text, ['steps', 0])).toEqual({ line: 3, col: 5 })
    expect(locateJsonPath(text, ['permissionAnswers', 0, 'kind'])).toEqual({ line: 9, col: 35 })
    expect(locateJsonPath(text, ['steps', 7])).toEqual({ line: 2, col: 12 })
    expect(locateJsonPath(text, [])).toEqual({ line: 1, col: 1 })
  })
})

describe('parseInput / readInput', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsl-read-input-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('names file:line:col and what was expected for a schema failure', () => {
    const error = (() => {
      try {
        parseInput(text, 'generated/x/input.json')
      } catch (e) {
        return e
      }
    })() as InputFileError
    expect(error).toBeInstanceOf(InputFileError)
    expect(error.message).toMatch(/^generated\/x\/input\.json:6:15: steps\[1\]\.path: .*>=1 characters/)
  })

  it('names the position of a JSON syntax error', () => {
    expect(() => parseInput('{\n  "steps": [,]\n}', 'f.json')).toThrow(/^f\.json:2:13: expected valid JSON/)
  })

  it('reads generated/<name>/input.json', () => {
    mkdirSync(join(dir, 'ok'))
    writeFileSync(join(dir, 'ok', 'input.json'), '{ "steps": [{ "op": "initialize" }] }')
    expect(readInput(dir, 'ok')).toEqual({ steps: [{ op: 'initialize' }] })
    expect(() => readInput(dir, 'absent')).toThrow(/input\.json:1:1: cannot read/)
  })
})
