import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cli, tempProject } from './compile-helpers.js'

const TEXT_TURN = `import { initialize, reply } from 'acp-scenario'

export default initialize()
  .newSession()
  .llm(reply('Hello.'))
  .prompt('Say hello.')
  .waitForTurnEnd()
`

let project: ReturnType<typeof tempProject> | undefined
afterEach(() => project?.cleanup())

describe('acp-scenario compile', () => {
  it('writes deterministic input.json with source positions, and rewrites nothing when unchanged', async () => {
    project = tempProject({ 'scenarios/text-turn.scenario.ts': TEXT_TURN })
    const first = await cli(project.root, 'compile')
    expect(first.exitCode, first.stderr).toBe(0)
    const out = join(project.root, 'generated/text-turn/input.json')
    const json = readFileSync(out, 'utf8')
    expect(JSON.parse(json)).toEqual({
      source: 'scenarios/text-turn.scenario.ts',
      llm: [{ behaviour: 'success', at: 'scenarios/text-turn.scenario.ts:5:8', text: 'Hello.' }],
      steps: [
        { op: 'initialize', at: 'scenarios/text-turn.scenario.ts:3:16' },
        { op: 'newSession', at: 'scenarios/text-turn.scenario.ts:4:4' },
        { op: 'prompt', at: 'scenarios/text-turn.scenario.ts:6:4', text: 'Say hello.' },
        { op: 'waitForTurnEnd', at: 'scenarios/text-turn.scenario.ts:7:4' },
      ],
    })
    expect(json).toBe(`${JSON.stringify(JSON.parse(json), null, 2)}\n`)
    expect(existsSync(join(project.root, 'generated/input.schema.json'))).toBe(true)

    const mtime = statSync(out).mtimeMs
    const again = await cli(project.root, 'compile')
    expect(again.stdout).toContain('0 file(s) written')
    expect(statSync(out).mtimeMs).toBe(mtime)
    expect(readFileSync(out, 'utf8')).toBe(json)
  })

  it('compile --check: 0 when current; 1 listing stale, missing and orphaned files with their fix', async () => {
    project = tempProject({ 'scenarios/a.scenario.ts': TEXT_TURN, 'scenarios/nested/b.scenario.ts': TEXT_TURN })
    expect((await cli(project.root, 'compile')).exitCode).toBe(0)
    const ok = await cli(project.root, 'compile', '--check')
    expect(ok.exitCode, ok.stdout + ok.stderr).toBe(0)

    project.write('scenarios/a.scenario.ts', TEXT_TURN.replace('Say hello.', 'Say hi.'))
    project.write('scenarios/c.scenario.ts', TEXT_TURN)
    project.write('generated/gone/input.json', '{"steps":[{"op":"initialize"}]}\n')
    project.write('generated/gone/stdout.expected.jsonl', '')
    const before = readFileSync(join(project.root, 'generated/a/input.json'), 'utf8')
    const check = await cli(project.root, 'compile', '--check')
    expect(check.exitCode).toBe(1)
    expect(check.stdout).toContain('stale: generated/a/input.json is stale')
    expect(check.stdout).toContain('fix: npx acp-scenario compile a')
    expect(check.stdout).toContain('missing: generated/c/input.json is missing')
    expect(check.stdout).toContain('orphan: generated/gone/input.json is orphaned')
    expect(check.stdout).toContain('fix: rm -r generated/gone')
    expect(check.stdout).not.toMatch(/\bb\b.*stale/)
    // --check writes nothing.
    expect(readFileSync(join(project.root, 'generated/a/input.json'), 'utf8')).toBe(before)
    expect(existsSync(join(project.root, 'generated/c'))).toBe(false)

    const filtered = await cli(project.root, 'compile', '--check', 'a')
    expect(filtered.exitCode).toBe(2)
    expect(filtered.stderr).toContain('compile --check takes no filter (got a)')
  })

  it('never touches the runner-owned files beside input.json', async () => {
    project = tempProject({ 'scenarios/a.scenario.ts': TEXT_TURN, 'generated/a/stdout.expected.jsonl': 'keep\n', 'generated/a/llm.jsonl': 'keep\n' })
    expect((await cli(project.root, 'compile')).exitCode).toBe(0)
    project.write('scenarios/a.scenario.ts', TEXT_TURN.replace('Hello.', 'Hi.'))
    expect((await cli(project.root, 'compile')).exitCode).toBe(0)
    expect(readdirSync(join(project.root, 'generated/a')).sort()).toEqual(['input.json', 'llm.jsonl', 'stdout.expected.jsonl'])
    expect(readFileSync(join(project.root, 'generated/a/llm.jsonl'), 'utf8')).toBe('keep\n')
  })

  it('exits 2 naming file:line:col for each kind of error, and still compiles the valid files', async () => {
    project = tempProject({
      'scenarios/good.scenario.ts': TEXT_TURN,
      'scenarios/fine.scenario.ts': TEXT_TURN,
      'scenarios/type-error.scenario.ts': `import { initialize } from 'acp-scenario'\n\nexport default initialize()\n  .prompt('too early')\n`,
      'scenarios/bad-kind.scenario.ts': `import { initialize } from 'acp-scenario'\n\nexport default initialize().newSession().permit('allow_sometimes')\n`,
      'scenarios/throws.scenario.ts': `import { initialize } from 'acp-scenario'\n\nconst text = (): string => {\n  throw new Error('boom')\n}\nexport default initialize().newSession().prompt(text())\n`,
      'scenarios/no-default.scenario.ts': `import { initialize } from 'acp-scenario'\n\nexport const chain = initialize()\n`,
      'scenarios/not-builder.scenario.ts': `\nexport default { steps: [] }\n`,
      'scenarios/schema.scenario.ts': `import { initialize } from 'acp-scenario'\n\nexport default initialize()\n  .newSession()\n  .waitForFile('')\n`,
      'scenarios/dup/good.scenario.ts': TEXT_TURN,
    })
    const r = await cli(project.root, 'compile')
    expect(r.exitCode).toBe(2)
    const lines = r.stderr.split('\n')
    const expectLine = (pattern: RegExp): void => expect(lines.some((l) => pattern.test(l)), `${pattern} in\n${r.stderr}`).toBe(true)
    expectLine(/^scenarios\/type-error\.scenario\.ts:4:4: type error: Property 'prompt' does not exist .*call \.newSession\(\) first/)
    expectLine(/^scenarios\/bad-kind\.scenario\.ts:3:49: type error: .*'"allow_sometimes"'/)
    expectLine(/^scenarios\/throws\.scenario\.ts:4:9: threw while evaluating the scenario: Error: boom/)
    expectLine(/^scenarios\/no-default\.scenario\.ts:1:1: expected a default export/)
    expectLine(/^scenarios\/not-builder\.scenario\.ts:2:1: expected the default export to be a scenario builder chain/)
    expectLine(/^scenarios\/schema\.scenario\.ts:5:4: waitForFile: steps\.2\.path: .*expected string to have >=1 characters/)
    expectLine(/^scenarios\/dup\/good\.scenario\.ts:1:1: duplicate scenario name 'good'/)
    expect(readdirSync(join(project.root, 'generated')).sort()).toEqual(['fine', 'input.schema.json'])
  })

  it('resolves relative helper imports, a workspace folder next to the scenario, and filters by name, tag or glob', async () => {
    project = tempProject({
      'scenarios/lib/setup.ts': `import { initialize } from 'acp-scenario'\n\nexport const ready = () => initialize().newSession()\n`,
      'scenarios/uses-helper.scenario.ts': `import { reply } from 'acp-scenario'\nimport { ready } from './lib/setup.js'\n\nexport default ready()\n  .tags('slow')\n  .workspace({ dir: './seed', files: { 'a.txt': 'A' } })\n  .llm(reply('ok'))\n  .prompt('go')\n`,
      'scenarios/other.scenario.ts': TEXT_TURN,
    })
    const r = await cli(project.root, 'compile', 'slow')
    expect(r.exitCode, r.stderr).toBe(0)
    expect(existsSync(join(project.root, 'generated/other'))).toBe(false)
    const input = JSON.parse(readFileSync(join(project.root, 'generated/uses-helper/input.json'), 'utf8'))
    expect(input.workspace).toEqual({ files: { 'a.txt': 'A' }, dir: 'scenarios/seed' })
    expect(input.steps[0].at).toBe('scenarios/lib/setup.ts:3:28')
    expect(input.steps[2].at).toBe('scenarios/uses-helper.scenario.ts:8:4')
    // A glob selects as it does for run, record and refresh.
    const glob = await cli(project.root, 'compile', 'oth*')
    expect(glob.exitCode, glob.stderr).toBe(0)
    expect(glob.stdout).toContain('compiled 1 scenario(s)')
    expect(existsSync(join(project.root, 'generated/other/input.json'))).toBe(true)
    const unknown = await cli(project.root, 'compile', 'nope')
    expect(unknown.exitCode).toBe(2)
    expect(unknown.stderr).toContain(`no scenario is named or tagged 'nope'`)
  })

  it('fails a scenario whose top-level await never settles, naming it, and still compiles the others', async () => {
    project = tempProject({
      'scenarios/good.scenario.ts': TEXT_TURN,
      'scenarios/stuck.scenario.ts': `import { initialize } from 'acp-scenario'\n\nawait new Promise(() => {})\nexport default initialize()\n`,
    })
    const r = await cli(project.root, 'compile')
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/^scenarios\/stuck\.scenario\.ts:1:1: expected the scenario's top level to finish within 10 s/m)
    expect(existsSync(join(project.root, 'generated/good/input.json'))).toBe(true)
  })

  it('reports a type error in an imported helper at the helper line', async () => {
    project = tempProject({
      'scenarios/lib/bad.ts': `export const n: number = 'x'\n`,
      'scenarios/a.scenario.ts': `import { initialize } from 'acp-scenario'\nimport { n } from './lib/bad.js'\n\nexport default initialize().newSession().prompt(String(n))\n`,
    })
    const r = await cli(project.root, 'compile')
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/^scenarios\/lib\/bad\.ts:1:14: type error: Type 'string' is not assignable to type 'number'/m)
    expect(existsSync(join(project.root, 'generated/a'))).toBe(false)
    writeFileSync(join(project.root, 'scenarios/lib/bad.ts'), `export const n: number = 1\n`)
    expect((await cli(project.root, 'compile')).exitCode).toBe(0)
  })

  it("import writes into the config's scenarios folder, where compile finds the files", async () => {
    project = tempProject({
      'acp-scenario.config.json5': `{ scenarios: 'specs' }\n`,
      'legacy/hello/input.json': '{ "steps": [{ "op": "initialize" }, { "op": "newSession" }, { "op": "prompt", "text": "hi" }] }\n',
    })
    const imported = await cli(project.root, 'import', 'legacy')
    expect(imported.exitCode, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('wrote specs/hello.scenario.ts')
    const compiled = await cli(project.root, 'compile')
    expect(compiled.exitCode, compiled.stderr).toBe(0)
    expect(JSON.parse(readFileSync(join(project.root, 'generated/hello/input.json'), 'utf8')).source).toBe('specs/hello.scenario.ts')
  })
})
