// The CLI on copies of bundled scenarios: replay, comparison failures, --update, record/refresh file sets,
// drift, exhausted/unconsumed cassettes, the fixture guard, and no processes left behind.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { changedFiles, CLI, cli, leftoverProcesses, makeProject, read, snapshot, write, type Project } from '../fixtures/cli-project.js'

let project: Project | undefined
afterEach(() => {
  if (project) expect(leftoverProcesses(project)).toEqual([])
  project?.remove()
  project = undefined
})

const gen = (p: Project): string => `${p.root}/generated`

describe('acp-scenario run (replay)', () => {
  it('passes a recorded suite, with pretty and json reporters', async () => {
    project = makeProject(['handshake', 'text-turn', 'tool-call-allowed'])
    const pretty = await cli(project, ['run'])
    expect(pretty.code, pretty.stdout + pretty.stderr).toBe(0)
    expect(pretty.stdout).toMatch(/✓ text-turn \[reference\] \d+ ms/)
    expect(pretty.stdout.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed')

    const json = await cli(project, ['run', 'smoke', '--reporter', 'json', '--workers', '1'])
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout)
    expect(report).toMatchObject({ passed: 2, failed: 0, skipped: 0 })
    expect(report.scenarios.map((s: { name: string; agent: string; status: string }) => [s.name, s.agent, s.status])).toEqual([
      ['handshake', 'reference', 'passed'],
      ['text-turn', 'reference', 'passed'],
    ])
  })

  it('fails on a changed expectation with a diff naming the scenario; --update rewrites only the transcript', async () => {
    project = makeProject(['text-turn'])
    const file = 'generated/text-turn/stdout.expected.jsonl'
    const original = read(project, file)
    write(project, file, original.replace('Hello! How can I', 'Howdy! How can I'))
    const failed = await cli(project, ['run'])
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('text-turn: failed at compare')
    expect(failed.stdout).toContain('-{"jsonrpc":"2.0","method":"session/update"')
    expect(failed.stdout).toMatch(/Howdy/)
    expect(failed.stdout).toContain('acp-scenario run text-turn --update')
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed')

    const before = snapshot(gen(project))
    const updated = await cli(project, ['run', '--update'])
    expect(updated.code, updated.stdout).toBe(0)
    expect(changedFiles(before, snapshot(gen(project)))).toEqual(['text-turn/stdout.expected.jsonl'])
    expect(read(project, file)).toBe(original)
    expect((await cli(project, ['run'])).code).toBe(0)
  })

  it('refresh rewrites the expectations and record the cassette, each touching no other file', async () => {
    project = makeProject(['text-turn'])
    const originals = { stdout: read(project, 'generated/text-turn/stdout.expected.jsonl'), session: read(project, 'generated/text-turn/session.jsonl'), llm: read(project, 'generated/text-turn/llm.jsonl') }
    write(project, 'generated/text-turn/stdout.expected.jsonl', '{}\n')
    write(project, 'generated/text-turn/session.jsonl', '{}\n')
    let before = snapshot(gen(project))
    const refreshed = await cli(project, ['refresh'])
    expect(refreshed.code, refreshed.stdout).toBe(0)
    expect(changedFiles(before, snapshot(gen(project)))).toEqual(['text-turn/session.jsonl', 'text-turn/stdout.expected.jsonl'])
    expect(read(project, 'generated/text-turn/stdout.expected.jsonl')).toBe(originals.stdout)
    expect(read(project, 'generated/text-turn/session.jsonl')).toBe(originals.session)

    write(project, 'generated/text-turn/llm.jsonl', originals.llm.replace('"text":"Hello! How can I"', '"text":"Hi! How can I"'))
    before = snapshot(gen(project))
    const recorded = await cli(project, ['record'])
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0)
    expect(changedFiles(before, snapshot(gen(project)))).toEqual(['text-turn/llm.jsonl'])
    const body = (text: string): string => text.slice(text.indexOf('\n'))
    expect(body(read(project, 'generated/text-turn/llm.jsonl'))).toBe(body(originals.llm))
  })

  it('reports drift in a model request by part, and exhausted and unconsumed cassettes', async () => {
    project = makeProject(['text-turn', 'tool-call-allowed'])
    const llm = read(project, 'generated/text-turn/llm.jsonl')
    write(project, 'generated/text-turn/llm.jsonl', llm.replace('"system":"You are acp-reference-agent', '"system":"You were acp-reference-agent'))
    const twoCalls = read(project, 'generated/tool-call-allowed/llm.jsonl')
    write(project, 'generated/tool-call-allowed/llm.jsonl', twoCalls.split('\n').filter((l) => !l.includes('"call":2')).join('\n'))
    const drift = await cli(project, ['run', '--reporter', 'json'])
    expect(drift.code).toBe(1)
    const byName = Object.fromEntries(JSON.parse(drift.stdout).scenarios.map((s: { name: string }) => [s.name, s]))
    expect(byName['text-turn'].failure.step).toBe('model')
    expect(byName['text-turn'].failure.message).toMatch(/system/)
    expect(byName['text-turn'].failure.message).toContain('acp-scenario record text-turn')
    expect(byName['text-turn'].failure.diff).toMatch(/model call #1 system/)
    expect(byName['tool-call-allowed'].failure.message).toMatch(/model call #2.*no call left/)
    expect(byName['tool-call-allowed'].failure.message).toMatch(/model requests:\n.*call #1 .*-> 200 completed.*\n.*call #2 exhausted -> 500 server_error/)

    const lines = llm.trimEnd().split('\n')
    const extra = lines.filter((l) => /"call":1\b/.test(l)).map((l) => l.replace('"call":1', '"call":2'))
    write(project, 'generated/text-turn/llm.jsonl', [...lines, ...extra].join('\n') + '\n')
    const unconsumed = await cli(project, ['run', 'text-turn'])
    expect(unconsumed.code).toBe(1)
    expect(unconsumed.stdout).toMatch(/only 1 of 2/)
  })

  it('fails closed when a fixture is missing, naming the file and the command that creates it', async () => {
    project = makeProject(['text-turn'])
    write(project, 'generated/text-turn/llm.jsonl', '')
    const { rmSync } = await import('node:fs')
    rmSync(`${project.root}/generated/text-turn/llm.jsonl`)
    const r = await cli(project, ['run'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('generated/text-turn/llm.jsonl is missing; create it with `acp-scenario record text-turn`')
  })

  it('check catches an orphan fixture directory and an unknown file, each with its fix', async () => {
    project = makeProject(['text-turn'])
    expect((await cli(project, ['check'])).code).toBe(0)
    write(project, 'generated/ghost/stdout.expected.jsonl', '{}\n')
    write(project, 'generated/text-turn/notes.txt', 'stray\n')
    const r = await cli(project, ['check'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('generated/ghost/: orphan fixture directory')
    expect(r.stdout).toContain('generated/text-turn/notes.txt: unknown file in a fixture directory (fix: rm generated/text-turn/notes.txt)')
  })

  it('stops quietly with the SIGPIPE status when its reader closes the pipe (list | head)', async () => {
    project = makeProject(['handshake', 'text-turn'])
    const child = spawn(process.execPath, [CLI, 'list'], { cwd: project.root, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const [code] = (await once(child, 'close')) as [number | null]
    expect(stderr).toBe('')
    expect(code).toBe(141)
  })

  it('a filter that matches nothing is a usage error (exit 2)', async () => {
    project = makeProject(['text-turn'])
    const r = await cli(project, ['run', 'no-such-scenario'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('no scenario matches "no-such-scenario"')
  })
})
