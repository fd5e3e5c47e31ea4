import { describe, expect, it } from 'vitest'
import { behaviour, headless, initialize, reasoning, reply, toolCall, toolCalls } from '../../dsl/index.js'
import { draftOf } from '../../dsl/draft.js'
import { stackFrames } from '../../dsl/callsite.js'

const values = <T>(items: ReadonlyArray<{ value: T }>): T[] => items.map((i) => i.value)

describe('scenario builder', () => {
  it('records steps in order with their options', () => {
    const draft = draftOf(
      initialize({ terminalOutput: true })
        .newSession()
        .prompt('hi', { timeoutMs: 500 })
        .promptAndCancel('stop', { waitForFile: 'ready' })
        .cancel({ waitForFile: { path: 'x', timeoutMs: 9 } })
        .waitForToolCall({ title: 'Write' })
        .waitForTurnEnd(),
    )!
    expect(values(draft.steps)).toEqual([
      { op: 'initialize', terminalOutput: true },
      { op: 'newSession' },
      { op: 'prompt', text: 'hi', timeoutMs: 500 },
      { op: 'promptAndCancel', text: 'stop', waitForFile: { path: 'ready' } },
      { op: 'cancel', waitForFile: { path: 'x', timeoutMs: 9 } },
      { op: 'waitForToolCall', title: 'Write' },
      { op: 'waitForTurnEnd' },
    ])
  })

  it('is immutable: a shared prefix can branch', () => {
    const base = initialize().newSession()
    const a = base.prompt('a')
    const b = base.prompt('b').permit('reject_once')
    expect(values(draftOf(a)!.steps).map((s) => s.text)).toEqual([undefined, undefined, 'a'])
    expect(values(draftOf(b)!.steps).map((s) => s.text)).toEqual([undefined, undefined, 'b'])
    expect(draftOf(base)!.permissionAnswers).toHaveLength(0)
    expect(values(draftOf(b)!.permissionAnswers)).toEqual([{ kind: 'reject_once' }])
  })

  it('merges settings across calls', () => {
    const draft = draftOf(
      initialize()
        .tags('a')
        .workspace({ files: { 'one.txt': '1' } })
        .capabilities({ fs: { readTextFile: true } })
        .newSession()
        .tags('b', 'a', 'b')
        .workspace({ files: { 'two.txt': '2' }, dir: 'seed' })
        .capabilities({ fs: { writeTextFile: true }, terminal: true })
        .description('first')
        .description('second'),
    )!
    expect(draft.settings).toEqual({
      tags: ['a', 'b'],
      workspace: { files: { 'one.txt': '1', 'two.txt': '2' }, dir: 'seed' },
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
      description: 'second',
    })
  })

  it('records where each call was written', () => {
    const line = Number(new Error().stack!.split('\n')[1]!.split(':').at(-2)) + 1
    const draft = draftOf(initialize().newSession().llm(reply('x')).permit('allow_once'))!
    for (const sited of [...draft.steps, ...draft.llm, ...draft.permissionAnswers]) {
      expect(sited.site?.file).toMatch(/dsl-builder\.test\.ts$/)
      expect(sited.site?.line).toBe(line)
    }
  })

  it('headless() starts with no steps', () => {
    expect(draftOf(headless().prompt('go'))!.steps.map((s) => s.value.op)).toEqual(['prompt'])
  })

  it('draftOf rejects values that are not chains', () => {
    expect(draftOf({ steps: [] })).toBeUndefined()
    expect(draftOf(null)).toBeUndefined()
    expect(draftOf(initialize)).toBeUndefined()
  })
})

describe('llm helpers', () => {
  it('build schema entries without undefined fields', () => {
    expect({ ...reply('hi') }).toEqual({ behaviour: 'success', text: 'hi' })
    expect({ ...reply('hi', { chunkSize: 2 }) }).toEqual({ behaviour: 'success', text: 'hi', chunkSize: 2 })
    expect({ ...toolCall('read', { path: 'a' }, { id: 'c1' }) }).toEqual({
      behaviour: 'tool_call_success',
      toolCalls: [{ id: 'c1', name: 'read', arguments: { path: 'a' } }],
    })
    expect({ ...behaviour('rate_limit', { retryAfter: 2 }) }).toEqual({ behaviour: 'rate_limit', retryAfter: 2 })
  })

  it('toolCalls flattens toolCall() entries and plain specs', () => {
    expect({ ...toolCalls([toolCall('a', {}), { name: 'b', arguments: '{}' }]) }).toEqual({
      behaviour: 'tool_call_success',
      toolCalls: [
        { name: 'a', arguments: {} },
        { name: 'b', arguments: '{}' },
      ],
    })
  })

  it('reasoning carries the rest of the same model turn', () => {
    expect({ ...reasoning('think') }).toEqual({ behaviour: 'reasoning_success', reasoning: 'think' })
    expect({ ...reasoning('think', 'answer') }).toEqual({ behaviour: 'reasoning_success', reasoning: 'think', text: 'answer' })
    expect({ ...reasoning('think', toolCall('x', { a: 1 })) }).toEqual({
      behaviour: 'reasoning_success',
      reasoning: 'think',
      toolCalls: [{ name: 'x', arguments: { a: 1 } }],
    })
  })
})

describe('stackFrames', () => {
  it('parses named, anonymous and file:// frames and drops node internals', () => {
    const stack = [
      'Error',
      '    at Chain.prompt (file:///p/dist/dsl/builder.js:10:5)',
      '    at file:///tmp/b%20x/s0.mjs:3:16',
      '    at /abs/path.js:7:1',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:1:1)',
    ].join('\n')
    expect(stackFrames(stack)).toEqual([
      { file: '/p/dist/dsl/builder.js', line: 10, col: 5 },
      { file: '/tmp/b x/s0.mjs', line: 3, col: 16 },
      { file: '/abs/path.js', line: 7, col: 1 },
    ])
  })
})
