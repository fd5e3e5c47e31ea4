import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { LoggedLine } from '../../agent/log/events.js'
import { checkLine, initialLogState } from '../../agent/log/invariants.js'
import { backoffDelay, decideFailure, parseRetryAfter, type ModelFailure } from '../../agent/loop/failures.js'
import { applyChunk, emptyStreamState, finishedToolCalls } from '../../agent/loop/stream-state.js'
import { confine, PathOutsideRoot } from '../../agent/tools/confine.js'
import { readConfig } from '../../agent/config.js'

describe('session log invariants', () => {
  const run = (events: object[]) => {
    let state = initialLogState()
    const lines = [{ type: 'session', version: 1, sessionId: 's', cwd: '/', model: 'm' }, ...events].map(
      (event, seq) => ({ seq, time: '', ...event }) as LoggedLine,
    )
    for (const line of lines) {
      const checked = checkLine(state, line)
      if (checked.violation) return checked.violation
      state = checked.state
    }
    return undefined
  }
  const turn = (...inner: object[]) => [{ type: 'turn/start', turn: 1 }, { type: 'step/start', turn: 1, step: 1 }, ...inner, { type: 'step/end', turn: 1, step: 1, finish: 'stop' }, { type: 'turn/end', turn: 1, reason: 'end_turn' }]

  it.each([
    ['a valid turn', turn({ type: 'tool/call', toolCallId: 'a' }, { type: 'permission/asked', toolCallId: 'a' }, { type: 'permission/decided', toolCallId: 'a', remembered: false }, { type: 'tool/result', toolCallId: 'a' }), undefined],
    ['a step outside a turn', [{ type: 'step/start', turn: 1, step: 1 }], 'step/start outside a turn'],
    ['text outside a step', [{ type: 'turn/start', turn: 1 }, { type: 'assistant/text', text: 'x' }], 'assistant/text outside a step'],
    ['a result before its call', turn({ type: 'tool/result', toolCallId: 'b' }), 'tool/result for unknown tool call b'],
    ['two results', turn({ type: 'tool/call', toolCallId: 'a' }, { type: 'tool/result', toolCallId: 'a' }, { type: 'tool/result', toolCallId: 'a' }), 'second tool/result for a'],
    ['a decision never asked', turn({ type: 'tool/call', toolCallId: 'a' }, { type: 'permission/decided', toolCallId: 'a', remembered: false }), 'permission/decided before permission/asked for a'],
    ['a turn ending inside a step', [{ type: 'turn/start', turn: 1 }, { type: 'step/start', turn: 1, step: 1 }, { type: 'turn/end', turn: 1 }], 'turn/end while a step is open'],
    ['nested turns', [{ type: 'turn/start', turn: 1 }, { type: 'turn/start', turn: 2 }], 'turn/start while a turn is open'],
  ])('%s', (_name, events, violation) => {
    expect(run(events)).toBe(violation)
  })

  it('requires seq to increase', () => {
    const header = { type: 'session', seq: 3, time: '' } as LoggedLine
    const state = checkLine(initialLogState(), header).state
    expect(checkLine(state, { type: 'turn/start', turn: 1, seq: 3, time: '' }).violation).toBe('seq 3 does not increase (last 3)')
  })
})

describe('failure table', () => {
  it.each<[string, ModelFailure, string, string]>([
    ['401', { kind: 'http', status: 401 }, 'end_turn', 'auth'],
    ['context overflow', { kind: 'http', status: 400, code: 'context_length_exceeded' }, 'end_turn', 'context_overflow'],
    ['quota on 429', { kind: 'http', status: 429, code: 'insufficient_quota' }, 'end_turn', 'quota'],
    ['rate limit', { kind: 'http', status: 429 }, 'retry', 'transient_http'],
    ['overload 529', { kind: 'http', status: 529 }, 'retry', 'transient_http'],
    ['bad request', { kind: 'http', status: 400 }, 'end_turn', 'rejected_request'],
    ['refused', { kind: 'network', detail: 'ECONNREFUSED' }, 'retry', 'network'],
    ['stall before content', { kind: 'stall', partial: false }, 'retry', 'broken_before_content'],
    ['stall after content', { kind: 'stall', partial: true }, 'end_turn', 'broken_after_content'],
    ['eof after content', { kind: 'incomplete', partial: true, detail: 'x' }, 'end_turn', 'broken_after_content'],
    ['malformed', { kind: 'protocol', detail: 'x' }, 'error', 'protocol'],
  ])('%s', (_name, failure, action, rule) => {
    expect(decideFailure(failure)).toMatchObject({ action, rule })
  })

  it('backs off exponentially, honours Retry-After, caps both', () => {
    const failure: ModelFailure = { kind: 'network', detail: '' }
    expect([1, 2, 3, 4].map((retry) => backoffDelay(retry, failure, 100, 500))).toEqual([100, 200, 400, 500])
    expect(backoffDelay(1, { kind: 'http', status: 429, retryAfterMs: 2000 }, 100, 30_000)).toBe(2000)
    expect(backoffDelay(1, { kind: 'http', status: 429, retryAfterMs: 2000 }, 100, 50)).toBe(50)
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(parseRetryAfter('soon')).toBeUndefined()
  })
})

describe('stream state', () => {
  it('joins tool-call arguments split across chunks, keyed by index', () => {
    const state = emptyStreamState()
    const deltas = [
      { choices: [{ delta: { reasoning_content: 'think' } }] },
      { choices: [{ delta: { content: 'Hi' } }] },
      { choices: [{ delta: { tool_calls: [{ index: 1, id: 'b', function: { name: 'list_files', arguments: '{' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'read_file', arguments: '{"path":' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '"a"}' } }, { index: 1, function: { arguments: '}' } }] } }] },
      { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
      { choices: [], usage: { total_tokens: 3 } },
    ].flatMap((chunk) => applyChunk(state, chunk))
    expect(deltas).toEqual([{ kind: 'reasoning', text: 'think' }, { kind: 'text', text: 'Hi' }])
    expect(state.finishReason).toBe('tool_calls')
    expect(state.usage).toEqual({ total_tokens: 3 })
    expect(finishedToolCalls(state, (index) => `gen_${index}`)).toEqual([
      { id: 'gen_0', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } },
      { id: 'b', type: 'function', function: { name: 'list_files', arguments: '{}' } },
    ])
  })
})

describe('path confinement', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'confine-')))
  mkdirSync(join(root, 'sub'))
  symlinkSync(tmpdir(), join(root, 'out'))
  symlinkSync(join(root, 'sub'), join(root, 'in'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('keeps paths inside the root, following symlinks', async () => {
    expect(await confine(root, 'sub/new/file.txt')).toBe(join(root, 'sub/new/file.txt'))
    expect(await confine(root, 'in/x')).toBe(join(root, 'sub/x'))
    expect(await confine(root, '.')).toBe(root)
    for (const escape of ['..', '../x', '/etc/passwd', 'out/x', 'sub/../../x']) {
      await expect(confine(root, escape)).rejects.toBeInstanceOf(PathOutsideRoot)
    }
  })
})

describe('config', () => {
  it('reads defaults and rejects a bad number naming the variable', () => {
    expect(readConfig({})).toMatchObject({ model: 'deepseek-chat', maxRetries: 3, retryBaseMs: 1000, retryMaxMs: 30_000, stallTimeoutMs: 60_000 })
    expect(readConfig({ OPENAI_BASE_URL: 'http://x/v1/' }).baseUrl).toBe('http://x/v1')
    expect(() => readConfig({ AGENT_MAX_RETRIES: 'many' })).toThrow('environment variable AGENT_MAX_RETRIES: expected an integer >= 0, got "many"')
  })
})
