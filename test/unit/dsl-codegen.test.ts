import { describe, expect, it } from 'vitest'
import { generateScenarioSource, literal, quote } from '../../dsl/codegen.js'
import type { ScenarioInput } from '../../dsl/schema.js'

describe('quote and literal', () => {
  it('writes single-quoted strings that evaluate back to the input', () => {
    for (const s of [`it's`, 'a "b"', 'back\\slash', 'line\nbreak\ttab', '\u2028', 'é ✓']) {
      expect(new Function(`return ${quote(s)}`)()).toBe(s)
    }
  })

  it('keeps short values inline and breaks long ones one entry per line', () => {
    expect(literal({ path: 'a', 'x-y': [1, true, null] })).toBe(`{ path: 'a', 'x-y': [1, true, null] }`)
    const long = literal({ a: 'x'.repeat(60), b: 'y'.repeat(60) })
    expect(long).toBe(`{\n  a: '${'x'.repeat(60)}',\n  b: '${'y'.repeat(60)}',\n}`)
  })
})

describe('generateScenarioSource', () => {
  it('writes the hand-written style: root, settings, model script before the first prompt, answers after it', () => {
    const input: ScenarioInput = {
      description: 'Writes a file.',
      tags: ['tools'],
      llm: [
        { behaviour: 'tool_call_success', toolCalls: [{ name: 'write_file', arguments: { path: 'hello.txt' } }] },
        { behaviour: 'success', text: 'Done.', at: 'ignored' },
      ],
      steps: [{ op: 'initialize' }, { op: 'newSession' }, { op: 'prompt', text: 'Create hello.txt' }, { op: 'waitForTurnEnd', timeoutMs: 5000 }],
      permissionAnswers: [{ kind: 'allow_once' }, { optionId: 'proceed' }],
    }
    expect(generateScenarioSource(input)).toBe(
      [
        `import { initialize, reply, toolCall } from 'acp-scenario'`,
        ``,
        `export default initialize()`,
        `  .description('Writes a file.')`,
        `  .tags('tools')`,
        `  .newSession()`,
        `  .llm(`,
        `    toolCall('write_file', { path: 'hello.txt' }),`,
        `    reply('Done.'),`,
        `  )`,
        `  .prompt('Create hello.txt')`,
        `  .permit('allow_once')`,
        `  .permit({ optionId: 'proceed' })`,
        `  .waitForTurnEnd({ timeoutMs: 5000 })`,
        ``,
      ].join('\n'),
    )
  })

  it('picks the helper that reproduces each entry, falling back to behaviour()', () => {
    const llm: ScenarioInput['llm'] = [
      { behaviour: 'reasoning_success', reasoning: 'r', text: 't' },
      { behaviour: 'reasoning_success', reasoning: 'r', toolCalls: [{ name: 'a', arguments: {} }] },
      { behaviour: 'tool_call_success', toolCalls: [{ id: 'c1', name: 'a', arguments: '{}' }], chunkSize: 3 },
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'a', arguments: {} }, { name: 'b', arguments: {} }] },
      { behaviour: 'rate_limit', retryAfter: 1 },
      { behaviour: 'success', text: 't', reasoning: 'odd' },
    ]
    const source = generateScenarioSource({ llm, steps: [{ op: 'initialize' }] })
    expect(source).toContain(`reasoning('r', 't'),`)
    expect(source).toContain(`reasoning('r', toolCalls([{ name: 'a', arguments: {} }])),`)
    expect(source).toContain(`toolCall('a', '{}', { id: 'c1', chunkSize: 3 }),`)
    expect(source).toContain(`toolCalls([{ name: 'a', arguments: {} }, { name: 'b', arguments: {} }]),`)
    expect(source).toContain(`behaviour('rate_limit', { retryAfter: 1 }),`)
    expect(source).toContain(`behaviour('success', { text: 't', reasoning: 'odd' }),`)
    expect(source).toMatch(/^import \{ initialize, reasoning, toolCall, toolCalls, behaviour \} from 'acp-scenario'/)
  })

  it('uses headless() for inputs that start without initialize', () => {
    expect(generateScenarioSource({ steps: [{ op: 'prompt', text: 'go' }] })).toBe(
      `import { headless } from 'acp-scenario'\n\nexport default headless()\n  .prompt('go')\n`,
    )
  })

  it('rewrites workspace.dir through the given mapping', () => {
    const source = generateScenarioSource(
      { workspace: { dir: 'fixtures/seed', expect: true }, steps: [{ op: 'initialize' }] },
      { relativeDir: (dir) => `../${dir}` },
    )
    expect(source).toContain(`.workspace({ expect: true, dir: '../fixtures/seed' })`)
  })

  it('refuses step orders the typed chain cannot express', () => {
    expect(() => generateScenarioSource({ steps: [{ op: 'initialize' }, { op: 'prompt', text: 'x' }] })).toThrow(/before newSession/)
    expect(() => generateScenarioSource({ steps: [{ op: 'prompt', text: 'x' }, { op: 'initialize' }] })).toThrow(/first step/)
  })
})
