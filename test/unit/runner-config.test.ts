import { describe, expect, it } from 'vitest'
import { configSchema, PACKAGE_ROOT, resolveAgent } from '../../runner/config.js'
import { agentEnv } from '../../runner/env.js'
import { locateJson5Key } from '../../runner/json5-locate.js'
import { UsageError } from '../../runner/errors.js'
import { DUMMY_API_KEY, fillPlaceholders, insideRoot, isWithin, placeholdersOf, writeHomeFiles, type Sandbox } from '../../runner/sandbox.js'

const config = (agents: Record<string, unknown> = {}) => configSchema.parse({ agents })

describe('resolveAgent', () => {
  it('gives the embedded reference preset without any config', () => {
    const agent = resolveAgent(config(), 'reference')
    expect(agent).toMatchObject({ name: 'reference', command: 'node', args: ['{{packageRoot}}/dist/bin/acp-reference-agent.js'], wire: 'openai-chat', baseUrlEnv: 'OPENAI_BASE_URL', baseUrlPath: '/v1' })
    expect(agent.env.AGENT_STALL_TIMEOUT_MS).toBe('1500')
  })
  it('lays a config entry over its preset, merging env', () => {
    const agent = resolveAgent(config({ mine: { preset: 'reference', env: { AGENT_MODEL: 'x' }, warnChecks: ['stop-reason'] } }), 'mine')
    expect(agent.env).toMatchObject({ AGENT_MODEL: 'x', AGENT_RETRY_BASE_MS: '10' })
    expect(agent.warnChecks).toEqual(['stop-reason'])
  })
  it('names unknown agents, unknown presets and missing fields', () => {
    expect(() => resolveAgent(config(), 'nope')).toThrow(/unknown agent "nope" \(configured or preset agents: .*reference/)
    expect(() => resolveAgent(config({ a: { preset: 'zzz' } }), 'a')).toThrow('agents.a.preset: unknown preset "zzz"')
    expect(() => resolveAgent(config({ a: { command: 'x' } }), 'a')).toThrow('agents.a: needs a wire format')
  })
})

describe('agentEnv', () => {
  it('keeps no inherited secrets or proxies, fills placeholders and points the agent at the loopback server', () => {
    const agent = resolveAgent(config({ a: { preset: 'reference', env: { CONFIG_DIR: '{{home}}/.cfg' } } }), 'a')
    const env = agentEnv({
      agent,
      placeholders: { cwd: '/s/cwd', home: '/s/home', logDir: '/s/log', tmp: '/s/tmp', packageRoot: PACKAGE_ROOT, apiKey: DUMMY_API_KEY },
      baseUrl: 'http://127.0.0.1:5555',
      parent: { PATH: '/bin', OPENAI_API_KEY: 'sk-real', HTTPS_PROXY: 'http://proxy', GITHUB_TOKEN: 't', NODE_OPTIONS: '--inspect' },
    })
    expect(env).toMatchObject({ PATH: '/bin', HOME: '/s/home', CONFIG_DIR: '/s/home/.cfg', OPENAI_BASE_URL: 'http://127.0.0.1:5555/v1', OPENAI_API_KEY: DUMMY_API_KEY, AGENT_SESSION_DIR: '/s/log' })
    for (const name of ['HTTPS_PROXY', 'GITHUB_TOKEN', 'NODE_OPTIONS']) expect(env[name]).toBeUndefined()
  })
  it('pins the host settings agents echo into prompts, so a fixture does not depend on the machine', () => {
    const placeholders = { cwd: '/s/cwd', home: '/s/home', logDir: '/s/log', tmp: '/s/tmp', packageRoot: PACKAGE_ROOT, apiKey: DUMMY_API_KEY }
    const host = (parent: NodeJS.ProcessEnv) => agentEnv({ agent: resolveAgent(config(), 'reference'), placeholders, baseUrl: 'http://127.0.0.1:1', parent })
    const laptop = host({ PATH: '/bin', SHELL: '/usr/bin/zsh', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', TZ: 'Europe/Berlin', TERM: 'xterm-256color' })
    const ci = host({ PATH: '/bin' })
    expect(laptop).toEqual(ci)
    expect(ci).toMatchObject({ SHELL: '/bin/sh', LANG: 'C.UTF-8', TZ: 'UTC' })
    const claude = agentEnv({ agent: resolveAgent(config(), 'claude-agent-acp'), placeholders, baseUrl: 'http://127.0.0.1:1', parent: {} })
    expect(claude.SHELL).toBe('/bin/bash')
  })
})

describe('placeholders', () => {
  it('fills every documented placeholder, {{apiKey}} with the dummy key the agent also gets in its env', () => {
    const sandbox = { cwd: '/s/cwd', home: '/s/home', logDir: '/s/log', tmp: '/s/tmp' } as Sandbox
    const filled = fillPlaceholders('{{baseUrl}} {{port}} {{apiKey}} {{home}} {{cwd}} {{logDir}} {{packageRoot}} {{nope}}', placeholdersOf(sandbox, { url: 'http://127.0.0.1:5555', port: 5555 }))
    expect(filled).toBe(`http://127.0.0.1:5555 5555 ${DUMMY_API_KEY} /s/home /s/cwd /s/log ${PACKAGE_ROOT} {{nope}}`)
  })
})

describe('isWithin / insideRoot', () => {
  it('keeps the root and names below it (even ..x), refuses escapes', () => {
    expect(isWithin('/s/cwd', '/s/cwd')).toBe(true)
    expect(isWithin('/s/cwd', '/s/cwd/..x/a')).toBe(true)
    expect(isWithin('/s/cwd', '/s/other')).toBe(false)
    expect(insideRoot('/s/cwd', '..x', 'workspace file')).toBe('/s/cwd/..x')
    expect(() => insideRoot('/s/cwd', '../x', 'workspace file')).toThrow('workspace file "../x" is outside the sandbox')
    expect(() => insideRoot('/s/cwd', '/etc/passwd', 'home file')).toThrow('home file "/etc/passwd" is outside the sandbox')
  })
  it('reports a homeFiles entry outside the temp HOME as a configuration error naming the agent', () => {
    const agent = resolveAgent(config({ mine: { preset: 'reference', homeFiles: { '../x': 'y' } } }), 'mine')
    const write = () => writeHomeFiles(agent, placeholdersOf({ cwd: '/s/cwd', home: '/s/home', logDir: '/s/log', tmp: '/s/tmp' } as Sandbox))
    expect(write).toThrow(UsageError)
    expect(write).toThrow('acp-scenario.config.json5: agents.mine.homeFiles: home file "../x" is outside the sandbox')
  })
})

describe('locateJson5Key', () => {
  const text = "{\n  // agents\n  agents: {\n    'mine': {\n      \"warnChecks\": ['x'],\n    },\n  },\n  workers: 0,\n}\n"
  it('follows unquoted, single- and double-quoted keys in order, skipping array indexes', () => {
    expect(locateJson5Key(text, ['agents', 'mine', 'warnChecks', 0])).toBe(5)
    expect(locateJson5Key(text, ['workers'])).toBe(8)
  })
  it('stops at the deepest key it finds, and names no line when none is found', () => {
    expect(locateJson5Key(text, ['agents', 'other'])).toBe(3)
    expect(locateJson5Key(text, ['missing'])).toBeUndefined()
  })
})
