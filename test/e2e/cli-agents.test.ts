// Misbehaving agents through the CLI: each failure says what the agent did, and no process survives.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serializeCassette } from '../../runner/llm/cassette.js'
import { cli, isAlive, leftoverProcesses, makeProject, TEST_AGENTS, write, type Project } from '../fixtures/cli-project.js'

const AGENTS = ['crash', 'hang', 'polluting', 'grandchild'] as const
let project: Project
let report: { scenarios: { name: string; status: string; failure?: { step: string; message: string } }[] }
let pidFile: string

beforeAll(async () => {
  project = makeProject([])
  pidFile = join(project.root, 'grandchild.pid')
  const agents = Object.fromEntries(
    AGENTS.map((name) => [name, { command: 'node', args: [join(TEST_AGENTS, `${name}.mjs`)], wire: 'openai-chat', env: { PID_FILE: pidFile } }]),
  )
  write(project, 'acp-scenario.config.json5', JSON.stringify({ agents }))
  for (const name of AGENTS) {
    write(project, `scenarios/${name}.scenario.ts`, `import { initialize } from 'acp-scenario'\nexport default initialize().agent('${name}').newSession().prompt('hi')\n`)
    write(project, `generated/${name}/llm.jsonl`, serializeCassette({ header: { version: 1, wire: 'openai-chat', recordedAt: '2026-01-01T00:00:00.000Z', source: 'scripted' }, calls: [] }))
    write(project, `generated/${name}/stdout.expected.jsonl`, '')
  }
  // Not an agent fault: a workspace the runner cannot seed fails its scenario, not the whole run.
  write(project, 'scenarios/missing-workspace.scenario.ts', `import { initialize } from 'acp-scenario'\nexport default initialize().workspace({ dir: 'no-such-dir' }).newSession()\n`)
  write(project, 'generated/missing-workspace/llm.jsonl', serializeCassette({ header: { version: 1, wire: 'openai-chat', recordedAt: '2026-01-01T00:00:00.000Z', source: 'scripted' }, calls: [] }))
  write(project, 'generated/missing-workspace/stdout.expected.jsonl', '')
  const compiled = await cli(project, ['compile'])
  expect(compiled.code, compiled.stderr).toBe(0)
  const run = await cli(project, ['run', '--reporter', 'json', '--timeout', '3000'])
  expect(run.code, run.stderr).toBe(1)
  report = JSON.parse(run.stdout)
}, 120_000)

afterAll(() => {
  const pid = Number(readFileSync(pidFile, 'utf8'))
  if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  rmSync(project.root, { recursive: true, force: true })
})

const failureOf = (name: string) => report.scenarios.find((s) => s.name === name)?.failure

describe('misbehaving agents', () => {
  it('a crash names the exit code, the step with its source line, and the agent stderr', () => {
    const f = failureOf('crash')!
    expect(f.step).toMatch(/^2: newSession \(scenarios\/crash.scenario.ts:2:\d+\)$/)
    expect(f.message).toContain('the agent exited with code 3 during step 2 (newSession')
    expect(f.message).toContain('| crash agent: giving up on session/new')
  })

  it('a hang is reported as the scenario timeout with what it waited for, not a bare timeout', () => {
    const f = failureOf('hang')!
    expect(f.step).toMatch(/^3: prompt \(scenarios\/hang.scenario.ts:2:\d+\)$/)
    expect(f.message).toMatch(/the scenario timed out after 3000 ms during step 3 \(prompt .*\), waiting for the session\/prompt response.*still running/)
  })

  it('a non-JSON stdout line fails the scenario, quoting the line', () => {
    expect(failureOf('polluting')!.message).toContain('not a JSON-RPC message (not JSON')
    expect(failureOf('polluting')!.message).toContain('"debug: creating a session"')
  })

  it('a workspace dir that does not exist fails that scenario, naming the dir', () => {
    expect(failureOf('missing-workspace')).toEqual({ step: 'workspace', message: expect.stringContaining('workspace dir "scenarios/no-such-dir" does not exist'), diff: '' })
    expect(report.scenarios).toHaveLength(AGENTS.length + 1)
  })

  it('a grandchild that ignores SIGTERM is killed with the agent group; nothing is left running', () => {
    const pid = Number(readFileSync(pidFile, 'utf8'))
    expect(pid).toBeGreaterThan(0)
    expect(isAlive(pid)).toBe(false)
    expect(leftoverProcesses(project)).toEqual([])
  })
})
