// acp-scenario watch end to end: a real watch process in a temp project, keys on its stdin, real file edits.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupMembers } from '../../runner/process-group.js'
import { recordedProject, WatchProcess, type Project } from './watch-helpers.js'

const greet = (description: string, prompt = `'Say hello.'`): string => `import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('${description}')
  .newSession()
  .llm(reply('Hello there.'))
  .prompt(${prompt})
  .waitForTurnEnd()
`
const PROMPT_LINE = 7

// Streams one character every 60 ms: long enough to be mid-run when the test quits.
const SLOW = `import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .newSession()
  .llm(behaviour('slow_success', { text: 'a slow and steady answer', chunkSize: 1, delayMs: 60 }))
  .prompt('Take your time.')
  .waitForTurnEnd()
`

let project: Project
let watch: WatchProcess | undefined
beforeAll(async () => {
  project = await recordedProject({ greet: greet('first'), slow: SLOW })
})
afterAll(() => {
  watch?.kill()
  project?.cleanup()
})

describe('acp-scenario watch', () => {
  it('reruns a saved scenario, shows a type error with its location, updates on u, and reaps every agent on q', async () => {
    watch = new WatchProcess(project.root)
    await watch.waitFor(/2 passed, 0 failed\n/)
    await watch.waitFor(/watching 2 scenarios/)

    // An edit that keeps the scenario valid: recompiled, rerun alone, passes.
    let from = watch.mark()
    project.write('scenarios/greet.scenario.ts', greet('second'))
    await watch.waitFor(/change: scenarios\/greet\.scenario\.ts/, from)
    await watch.waitFor(/✓ greet \[reference\]/, from)
    await watch.waitFor(/2 passed, 0 failed\n/, from)
    expect(watch.output.slice(from)).not.toMatch(/slow \[reference\]/)
    expect(JSON.parse(readFileSync(join(project.root, 'generated/greet/input.json'), 'utf8')).description).toBe('second')

    // A type error: reported at its file:line:col, nothing reruns, watching goes on.
    from = watch.mark()
    project.write('scenarios/greet.scenario.ts', greet('broken', '42'))
    const error = await watch.waitFor(/compile error: scenarios\/greet\.scenario\.ts:(\d+):(\d+): (.*)/, from)
    expect(Number(error[1])).toBe(PROMPT_LINE)
    await watch.waitFor(/watching 2 scenarios/, from)
    expect(watch.output.slice(from)).not.toMatch(/greet \[reference\]/)

    // Fixed: compiles and passes again.
    from = watch.mark()
    project.write('scenarios/greet.scenario.ts', greet('fixed'))
    await watch.waitFor(/✓ greet \[reference\]/, from)

    // A hand-edited expectation fails with the runner's diff; `u` rewrites it from the replay.
    const expected = join(project.root, 'generated/greet/stdout.expected.jsonl')
    const committed = readFileSync(expected, 'utf8')
    from = watch.mark()
    project.write('generated/greet/stdout.expected.jsonl', committed.replace('Hello there.', 'Hello where.'))
    await watch.waitFor(/✗ greet \[reference\]/, from)
    await watch.waitFor(/-.*Hello where\.[\s\S]*\+.*Hello there\./, from)
    await watch.waitFor(/1 passed, 1 failed\n/, from)
    from = watch.mark()
    watch.key('u')
    await watch.waitFor(/updating: greet/, from)
    await watch.waitFor(/✓ greet \[reference\][^\n]*\n\s+wrote stdout\.expected\.jsonl/, from)
    await watch.waitFor(/2 passed, 0 failed\n/, from)
    expect(readFileSync(expected, 'utf8')).toBe(committed)
    expect(readFileSync(join(project.root, 'generated/greet/llm.jsonl'), 'utf8')).toMatch(/"source":"scripted"/)

    // `a` reruns everything; quitting mid-run reaps the agents' process groups.
    from = watch.mark()
    watch.key('a')
    const agents = await watch.children()
    watch.key('q')
    const result = await watch.child
    expect(result.exitCode).toBe(0)
    for (const pgid of agents) expect(groupMembers(pgid)).toEqual([])
    expect(watch.output.slice(from)).not.toMatch(/✓ slow/)
  })
})

describe('acp-scenario watch on agent sources', () => {
  const CONFIG = `{
  defaultAgent: 'ref',
  agents: {
    // The reference agent again, with sources and a build step of its own.
    ref: { preset: 'reference', watch: { sources: ['agent-src/**/*.txt'], build: 'node build.cjs' } },
  },
}
`
  const other = greet('other').replace(".newSession()", ".agent('reference')\n  .newSession()")
  let agentProject: Project
  let agentWatch: WatchProcess | undefined
  beforeAll(async () => {
    agentProject = await recordedProject({ mine: greet('mine'), theirs: other })
    agentProject.write('acp-scenario.config.json5', CONFIG)
    agentProject.write('build.cjs', `require('node:fs').appendFileSync('builds.log', 'built\\n')\n`)
    agentProject.write('agent-src/prompt.txt', 'v1')
  })
  afterAll(() => {
    agentWatch?.kill()
    agentProject?.cleanup()
  })

  it('builds, then reruns only the scenarios of the agent whose source changed', async () => {
    agentWatch = new WatchProcess(agentProject.root)
    await agentWatch.waitFor(/2 passed, 0 failed\n/)
    const from = agentWatch.mark()
    agentProject.write('agent-src/prompt.txt', 'v2')
    await agentWatch.waitFor(/change: agent-src\/prompt\.txt/, from)
    await agentWatch.waitFor(/building: node build\.cjs[\s\S]*built in \d+ ms/, from)
    await agentWatch.waitFor(/✓ mine \[ref\]/, from)
    await agentWatch.waitFor(/2 passed, 0 failed\n/, from)
    expect(agentWatch.output.slice(from)).not.toMatch(/theirs \[reference\]/)
    // One summary, after the reruns: none while the build ran.
    expect(agentWatch.output.slice(from).match(/\d+ passed, \d+ failed/g)).toHaveLength(1)
    expect(readFileSync(join(agentProject.root, 'builds.log'), 'utf8')).toBe('built\n')
    agentWatch.key('q')
    expect((await agentWatch.child).exitCode).toBe(0)
  })
})
