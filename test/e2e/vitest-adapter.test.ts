// acp-scenario/vitest in a temp project: vitest (run as its CLI) sees one test per scenario, `-t` filters,
// a changed expectation fails with the runner's diff, and `-u` rewrites only the stdout/agent-log expectations.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkPackage, runVitest } from './vitest-helpers.js'
import { recordedProject, type Project } from './watch-helpers.js'

const textTurn = (answer: string): string => `import { initialize, reply } from 'acp-scenario'

export default initialize()
  .tags('talk')
  .newSession()
  .llm(reply('${answer}'))
  .prompt('Say something.')
  .waitForTurnEnd()
`
const HANDSHAKE = `import { initialize } from 'acp-scenario'

export default initialize().newSession()
`
const SUITE = `import { defineScenarioSuite } from 'acp-scenario/vitest'

defineScenarioSuite()
`

let project: Project
beforeAll(async () => {
  project = await recordedProject({ alpha: textTurn('Alpha here.'), beta: HANDSHAKE, gamma: textTurn('Gamma here.') })
  linkPackage(project.root, project.write)
  project.write('scenarios.test.ts', SUITE)
})
afterAll(() => project?.cleanup())

const file = (name: string, fixture: string): string => join(project.root, 'generated', name, fixture)

describe('acp-scenario/vitest in a temp project', () => {
  it('registers one test per scenario, named after it, inside the suite', async () => {
    const run = await runVitest(project.root)
    expect(run.exitCode, run.output).toBe(0)
    expect(run.tests.map((t) => [t.fullName, t.status])).toEqual([
      ['acp-scenario alpha', 'passed'],
      ['acp-scenario beta', 'passed'],
      ['acp-scenario gamma', 'passed'],
    ])
  })

  it('follows vitest -t', async () => {
    const run = await runVitest(project.root, '-t', 'gamma')
    expect(run.exitCode, run.output).toBe(0)
    expect(run.tests.filter((t) => t.status === 'passed').map((t) => t.title)).toEqual(['gamma'])
  })

  it('fails a scenario whose expectation changed with the runner message and diff; -u rewrites only that expectation', async () => {
    const stdout = file('alpha', 'stdout.expected.jsonl')
    const committed = readFileSync(stdout, 'utf8')
    project.write('generated/alpha/stdout.expected.jsonl', committed.replace('Alpha here.', 'Alpha there.'))
    const llm = file('alpha', 'llm.jsonl')
    const llmBefore = { text: readFileSync(llm, 'utf8'), mtime: statSync(llm).mtimeMs }

    const failing = await runVitest(project.root)
    expect(failing.exitCode).toBe(1)
    const alpha = failing.tests.find((t) => t.title === 'alpha')!
    expect(alpha.status).toBe('failed')
    const message = alpha.failureMessages.join('\n')
    expect(message).toContain('alpha: failed at compare')
    expect(message).toContain('stdout.expected.jsonl differs from the committed expectation')
    expect(message).toMatch(/^-.*Alpha there\./m)
    expect(message).toMatch(/^\+.*Alpha here\./m)
    expect(failing.tests.filter((t) => t.status === 'passed').map((t) => t.title)).toEqual(['beta', 'gamma'])

    const update = await runVitest(project.root, '-u')
    expect(update.exitCode, update.output).toBe(0)
    expect(readFileSync(stdout, 'utf8')).toBe(committed)
    expect(readFileSync(llm, 'utf8')).toBe(llmBefore.text)
    expect(statSync(llm).mtimeMs).toBe(llmBefore.mtime)
  })
})
