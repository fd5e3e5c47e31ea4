// The presets by name: agent packages found from the project root, and a clear usage error (exit 2)
// naming what to install when one is absent. Needs no agent installed: it runs in temp projects.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { execa } from 'execa'
import { resolveAgent, type Config } from '../../runner/config.js'
import { UsageError } from '../../runner/errors.js'
import { findPackageDir, packageName, withAgentPackage } from '../../runner/presets/agent-package.js'
import { CLI } from './peers-helpers.js'

const temp = mkdtempSync(join(tmpdir(), 'acp-scenario-presets-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const PRESET_INSTALLS = {
  'claude-agent-acp': '@zed-industries/claude-agent-acp',
  'codex-acp': '@zed-industries/codex-acp',
  'gemini-cli': '@google/gemini-cli',
} as const

const config = (agents: Config['agents']): Config => ({ scenarios: 'scenarios', generated: 'generated', defaultAgent: 'a', agents })

function fakePackage(root: string, name: string): string {
  const dir = join(root, 'node_modules', name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.0' }))
  return dir
}

describe('agent packages', () => {
  it('fills {{platform}} and {{arch}} in a package name', () => {
    expect(packageName('@zed-industries/codex-acp-{{platform}}-{{arch}}', 'linux', 'x64')).toBe('@zed-industries/codex-acp-linux-x64')
  })

  it('finds a package in the nearest node_modules at or above the project root', () => {
    const root = mkdtempSync(join(temp, 'find-'))
    const dir = fakePackage(root, '@google/gemini-cli')
    const nested = join(root, 'packages', 'app')
    mkdirSync(nested, { recursive: true })
    expect(findPackageDir('@google/gemini-cli', nested)).toBe(dir)
    expect(findPackageDir('@google/not-there', nested)).toBeUndefined()
  })

  it('resolves each preset against the installed package: command and args point into it', () => {
    const root = mkdtempSync(join(temp, 'resolve-'))
    const claude = fakePackage(root, '@zed-industries/claude-agent-acp')
    const codex = fakePackage(root, packageName('@zed-industries/codex-acp-{{platform}}-{{arch}}'))
    const gemini = fakePackage(root, '@google/gemini-cli')
    const cfg = config({ c: { preset: 'claude-agent-acp' }, x: { preset: 'codex-acp' }, g: { preset: 'gemini-cli' } })
    const c = withAgentPackage(resolveAgent(cfg, 'c'), root)
    expect([c.command, ...c.args]).toEqual(['node', join(claude, 'dist/index.js')])
    expect(c.wire).toBe('anthropic')
    const x = withAgentPackage(resolveAgent(cfg, 'x'), root)
    expect(x.command).toBe(join(codex, 'bin/codex-acp'))
    expect(x.wire).toBe('openai-responses')
    const g = withAgentPackage(resolveAgent(cfg, 'g'), root)
    expect(g.args).toEqual([join(gemini, 'bundle/gemini.js'), '--experimental-acp'])
    expect(g.clientCapabilities?.fs).toEqual({ readTextFile: false, writeTextFile: false })
    // The install location, which agents quote to the model, normalises to a placeholder before the preset's rules.
    const [first] = g.normalizers?.replace ?? []
    expect(`see ${gemini}/bundle/x.md`.replace(new RegExp(first!.pattern, first!.flags ?? 'g'), first!.with)).toBe('see {{agentPackage}}/bundle/x.md')
  })

  it('lets a config entry extend a preset (extra env, extra normaliser rules kept after the preset’s)', () => {
    const agent = resolveAgent(config({ a: { preset: 'codex-acp', env: { RUST_LOG: 'warn' }, normalizers: { replace: [{ pattern: 'x', with: 'y' }] } } }), 'a')
    expect(agent.env).toMatchObject({ CODEX_HOME: '{{home}}/.codex', RUST_LOG: 'warn' })
    expect(agent.normalizers?.replace?.at(-1)).toEqual({ pattern: 'x', with: 'y' })
    expect(agent.normalizers?.asyncUpdates).toContain('available_commands_update')
  })

  it('throws a UsageError naming the package to install when it is absent', () => {
    const root = mkdtempSync(join(temp, 'absent-'))
    const agent = resolveAgent(config({ a: { preset: 'codex-acp' } }), 'a')
    expect(() => withAgentPackage(agent, root)).toThrow(UsageError)
    expect(() => withAgentPackage(agent, root)).toThrow(/npm install --save-dev @zed-industries\/codex-acp`/)
  })
})

describe('a preset whose agent is not installed, through the CLI', () => {
  for (const [preset, install] of Object.entries(PRESET_INSTALLS)) {
    it(`${preset}: run exits 2 and says what to npm install`, async () => {
      const root = mkdtempSync(join(temp, `${preset}-`))
      mkdirSync(join(root, 'scenarios'))
      writeFileSync(join(root, 'acp-scenario.config.json5'), `{ defaultAgent: 'peer', agents: { peer: { preset: '${preset}' } } }\n`)
      writeFileSync(join(root, 'scenarios', 'hello.scenario.ts'), "import { initialize, reply } from 'acp-scenario'\n\nexport default initialize().newSession().llm(reply('Hi.')).prompt('Hello')\n")
      const compiled = await execa('node', [CLI, '-C', root, 'compile'], { reject: false, timeout: 60_000 })
      expect(compiled.exitCode, compiled.stderr).toBe(0)
      const run = await execa('node', [CLI, '-C', root, 'run'], { reject: false, timeout: 60_000 })
      expect(run.exitCode).toBe(2)
      expect(run.stderr).toContain(`agent "peer" (preset "${preset}") needs the npm package`)
      expect(run.stderr).toContain(`npm install --save-dev ${install}`)
    })
  }
})
