// Watch mode's pure parts: what a changed path means, which key does what, glob bases, and the scheduler's
// supersede / concurrency rules (driven by promises the test settles itself).
import { describe, expect, it } from 'vitest'
import { globBase } from '../../runner/watch/agent-sources.js'
import { classifyChange, type WatchLayout } from '../../runner/watch/changes.js'
import { actionsOf } from '../../runner/watch/keys.js'
import { Scheduler, type WatchMode } from '../../runner/watch/scheduler.js'

const layout: WatchLayout = {
  scenariosDir: '/p/scenarios',
  generatedDir: '/p/generated',
  configFile: '/p/acp-scenario.config.json5',
  agentSources: (file) => (file.startsWith('/p/agent/') ? ['reference'] : []),
}

describe('classifyChange', () => {
  it.each([
    ['/p/scenarios/a.scenario.ts', { kind: 'scenario-source', file: '/p/scenarios/a.scenario.ts' }],
    ['/p/scenarios/lib/helpers.ts', { kind: 'scenario-source', file: '/p/scenarios/lib/helpers.ts' }],
    ['/p/scenarios/..draft.ts', { kind: 'scenario-source', file: '/p/scenarios/..draft.ts' }],
    ['/p/acp-scenario.config.json5', { kind: 'config' }],
    ['/p/generated/a/stdout.expected.jsonl', { kind: 'fixture', name: 'a', file: '/p/generated/a/stdout.expected.jsonl' }],
    ['/p/generated/a/llm.jsonl', { kind: 'fixture', name: 'a', file: '/p/generated/a/llm.jsonl' }],
    ['/p/agent/loop/turn.ts', { kind: 'agent-source', agents: ['reference'], file: '/p/agent/loop/turn.ts' }],
  ])('%s', (path, change) => expect(classifyChange(path, layout)).toEqual(change))

  it.each([
    '/p/generated/a/input.json', // compile output, followed through its scenario file
    '/p/generated/input.schema.json',
    '/p/generated/.acp-scenario-staging-x1/stdout.expected.jsonl',
    '/p/scenarios/notes.md',
    '/p/scenarios/node_modules/x/index.ts',
    '/p/README.md',
  ])('ignores %s', (path) => expect(classifyChange(path, layout)).toBeUndefined())
})

describe('keys', () => {
  it('maps a, f, u, q and Ctrl-C, one per character, ignoring newlines and other keys', () => {
    expect(actionsOf('a\nf\r\nu x Q\u0003')).toEqual(['all', 'failed', 'update', 'quit', 'quit'])
  })
})

describe('globBase', () => {
  it.each([
    ['agent/**/*.ts', 'agent'],
    ['src/agent/*.ts', 'src/agent'],
    ['*.ts', '.'],
    ['lib/{a,b}/x.ts', 'lib'],
  ])('%s -> %s', (glob, base) => expect(globBase(glob)).toBe(base))
})

describe('Scheduler', () => {
  /** Runs that finish when the test says so, or reject when aborted. */
  function harness(workers: number) {
    const started: { name: string; mode: WatchMode; signal: AbortSignal; finish: () => void }[] = []
    const finished: string[] = []
    let idle = 0
    const scheduler = new Scheduler<string>(workers, {
      run: (name, mode, signal) =>
        new Promise((resolve, reject) => {
          started.push({ name, mode, signal, finish: () => resolve(`${name}:${mode}`) })
          signal.addEventListener('abort', () => reject(new Error('aborted')))
        }),
      finished: (_name, _mode, result) => finished.push(result),
      crashed: (name) => finished.push(`${name}:crashed`),
      idle: () => idle++,
    })
    const settle = (): Promise<void> => new Promise((r) => setImmediate(r))
    return { scheduler, started, finished, settle, idle: () => idle }
  }

  it('runs at most `workers` at once, in request order', async () => {
    const h = harness(2)
    h.scheduler.request(['a', 'b', 'c'], 'run')
    expect(h.started.map((s) => s.name)).toEqual(['a', 'b'])
    h.started[0]!.finish()
    await h.settle()
    expect(h.started.map((s) => s.name)).toEqual(['a', 'b', 'c'])
    h.started[1]!.finish()
    h.started[2]!.finish()
    await h.settle()
    expect(h.finished).toEqual(['a:run', 'b:run', 'c:run'])
    expect(h.idle()).toBe(1)
  })

  it('supersedes a running scenario asked for again: the old run is aborted and unreported, the new one reported', async () => {
    const h = harness(2)
    h.scheduler.request(['a'], 'run')
    const first = h.started[0]!
    h.scheduler.request(['a'], 'update')
    expect(first.signal.aborted).toBe(true)
    await h.settle()
    expect(h.started.map((s) => `${s.name}:${s.mode}`)).toEqual(['a:run', 'a:update'])
    h.started[1]!.finish()
    await h.settle()
    expect(h.finished).toEqual(['a:update'])
  })

  it('takes a new worker limit at once: more start now, fewer once the running ones end', async () => {
    const h = harness(1)
    h.scheduler.request(['a', 'b', 'c', 'd'], 'run')
    expect(h.started.map((s) => s.name)).toEqual(['a'])
    h.scheduler.setWorkers(3)
    expect(h.started.map((s) => s.name)).toEqual(['a', 'b', 'c'])
    h.scheduler.setWorkers(1)
    h.started[0]!.finish()
    h.started[1]!.finish()
    await h.settle()
    expect(h.started).toHaveLength(3)
    h.started[2]!.finish()
    await h.settle()
    expect(h.started.map((s) => s.name)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('stop aborts every running run and starts nothing more', async () => {
    const h = harness(1)
    h.scheduler.request(['a', 'b'], 'run')
    await h.scheduler.stop()
    expect(h.started).toHaveLength(1)
    expect(h.started[0]!.signal.aborted).toBe(true)
    h.scheduler.request(['c'], 'run')
    expect(h.started).toHaveLength(1)
    expect(h.finished).toEqual([])
  })
})
