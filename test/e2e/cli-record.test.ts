// Record through the CLI: an interrupted record leaves the fixtures byte-identical, and a record through
// an upstream API with a key writes that key nowhere under generated/.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { afterEach, expect, it } from 'vitest'
import { startLlmServer } from '../../runner/llm/server.js'
import { changedFiles, CLI, cli, leftoverProcesses, makeProject, snapshot, write, type Project } from '../fixtures/cli-project.js'

let project: Project | undefined
afterEach(() => {
  if (project) expect(leftoverProcesses(project)).toEqual([])
  project?.remove()
  project = undefined
})

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

it('SIGINT during record stops it (exit 130) and leaves every previous fixture byte-identical', async () => {
  project = makeProject(['stall-timeout'])
  const generated = join(project.root, 'generated')
  const before = snapshot(generated)
  const child = execa(process.execPath, [CLI, 'record'], { cwd: project.root, env: { TMPDIR: project.tmp, NO_COLOR: '1' }, reject: false })
  // The stalled model call keeps the agent busy for ~1.5 s: interrupt once its sandbox exists.
  const deadline = Date.now() + 10_000
  while (!readdirSync(project.tmp).some((d) => d.startsWith('acp-scenario-stall-timeout-')) && Date.now() < deadline) await sleep(20)
  await sleep(300)
  child.kill('SIGINT')
  const result = await child
  expect(result.exitCode, String(result.stdout) + String(result.stderr)).toBe(130)
  expect(String(result.stderr)).toContain('interrupted')
  expect(changedFiles(before, snapshot(generated))).toEqual([])
  expect(readdirSync(project.tmp)).toEqual([])
})

it('records through an upstream with a key and writes the key nowhere; without the key it is a usage error', async () => {
  const upstream = await startLlmServer({ wire: 'openai-chat', source: { kind: 'script', entries: [{ behaviour: 'success', text: 'Answered by the upstream.' }] } })
  try {
    project = makeProject([], JSON.stringify({ agents: { reference: { preset: 'reference', upstream: { baseUrl: upstream.url, apiKeyEnv: 'FAKE_UPSTREAM_KEY' } } } }))
    write(project, 'scenarios/upstream.scenario.ts', "import { initialize } from 'acp-scenario'\nexport default initialize().newSession().prompt('Say hi.')\n")
    expect((await cli(project, ['compile'])).code).toBe(0)

    const keyless = await cli(project, ['record'])
    expect(keyless.code).toBe(2)
    expect(keyless.stderr).toContain('set FAKE_UPSTREAM_KEY to the upstream API key')

    const secret = 'sk-e2e-fake-key-7c1d9a'
    const recorded = await cli(project, ['record'], { FAKE_UPSTREAM_KEY: secret })
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0)
    const files = snapshot(join(project.root, 'generated'))
    expect([...files.keys()].sort()).toEqual(['input.schema.json', 'upstream/input.json', 'upstream/llm.jsonl', 'upstream/session.jsonl', 'upstream/stdout.expected.jsonl'])
    for (const [file, { text }] of files) expect(text.includes(secret), file).toBe(false)
    expect(files.get('upstream/llm.jsonl')!.text).toContain('"source":"upstream"')
    expect(files.get('upstream/stdout.expected.jsonl')!.text).toContain('"text":"upstream."')

    // The recording replays keyless and offline.
    const replay = await cli(project, ['run'])
    expect(replay.code, replay.stdout).toBe(0)
    expect(existsSync(join(project.root, 'generated', 'upstream', 'llm.jsonl'))).toBe(true)
  } finally {
    await upstream.close()
  }
})

it('an upstream call that fails fails the record; with --keep-faults it is kept as a fault and replays', async () => {
  const entries = [{ behaviour: 'rate_limit' as const, retryAfter: 0 }, { behaviour: 'success' as const, text: 'Answered after a retry.' }]
  const upstream = await startLlmServer({ wire: 'openai-chat', source: { kind: 'script', entries: [...entries, ...entries] } })
  try {
    project = makeProject([], JSON.stringify({ agents: { reference: { preset: 'reference', upstream: { baseUrl: upstream.url, apiKeyEnv: 'FAKE_UPSTREAM_KEY' } } } }))
    write(project, 'scenarios/flaky.scenario.ts', "import { initialize } from 'acp-scenario'\nexport default initialize().newSession().prompt('Say hi.')\n")
    const env = { FAKE_UPSTREAM_KEY: 'sk-e2e-fake' }

    const failed = await cli(project, ['record'], env)
    expect(failed.code, failed.stdout + failed.stderr).toBe(1)
    expect(failed.stdout).toContain('the upstream API answered HTTP 429')
    expect(existsSync(join(project.root, 'generated', 'flaky', 'llm.jsonl'))).toBe(false)

    const kept = await cli(project, ['record', '--keep-faults'], env)
    expect(kept.code, kept.stdout + kept.stderr).toBe(0)
    const cassette = snapshot(join(project.root, 'generated')).get('flaky/llm.jsonl')!.text
    expect(cassette).toContain('"fault"')
    expect(cassette).toContain('Answered after a retry.'.slice(0, 8))

    const replay = await cli(project, ['run'])
    expect(replay.code, replay.stdout).toBe(0)
  } finally {
    await upstream.close()
  }
})
