// Watch mode: one long-lived compiler, chokidar on the scenarios, the config, the fixtures and the agents'
// sources; changes are debounced, then recompiled / rebuilt and only the affected scenarios rerun.
// Replay only: the modes are `run` and `update`, so watch never writes llm.jsonl.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { createCompiler, type CompileResult, type Compiler } from '../../dsl/compiler.js'
import { CONFIG_FILE, loadConfig, type ResolvedConfig } from '../config.js'
import { defaultWorkers } from '../pool.js'
import { runScenario, type ScenarioResult } from '../scenario-run.js'
import { listScenarios, type ScenarioEntry } from '../scenarios.js'
import { selectScenarios } from '../select.js'
import { AgentSourceIndex, agentWatches } from './agent-sources.js'
import { runBuild } from './build.js'
import { classifyChange, type Change } from './changes.js'
import { batcher } from './debounce.js'
import { listenKeys, type KeyAction } from './keys.js'
import { Scheduler, type WatchMode } from './scheduler.js'
import type { Screen } from './screen.js'

const DEBOUNCE_MS = 100

export interface WatchOptions {
  root: string
  filters: string[]
  screen: Screen
  /** Where keys come from (process.stdin). */
  keys: NodeJS.ReadStream
}

export async function watchScenarios(options: WatchOptions): Promise<number> {
  const { root, filters, screen } = options
  let config: ResolvedConfig = loadConfig(root)
  let compiler: Compiler = createCompiler(config)
  let entries: ScenarioEntry[] = []
  let agentIndex = new AgentSourceIndex(root, [])
  const results = new Map<string, ScenarioResult>()
  /** Fixture bytes this process wrote (update mode): their change events are our own echo. */
  const ownWrites = new Map<string, string>()
  const builds = new AbortController()
  /** Batches queued or being handled (compiles, builds); the summary waits for them. */
  let handling = 0

  const selected = (): ScenarioEntry[] => selectScenarios(entries, filters)
  const agentOf = (e: ScenarioEntry): string => e.input?.agent ?? config.defaultAgent
  const refreshEntries = async (): Promise<void> => {
    try {
      entries = await listScenarios(config)
    } catch (error) {
      screen.error((error as Error).message)
    }
    syncAgentWatches()
  }
  /** A compile may change which agents the scenarios use (input.json names it): watch those agents' sources. */
  const syncAgentWatches = (): void => {
    const watches = agentWatches(config, selected().map(agentOf))
    if (JSON.stringify(watches) === JSON.stringify(agentIndex.watches)) return
    agentIndex = new AgentSourceIndex(root, watches)
    watcher?.add(agentIndex.directories())
  }
  const summary = (): void => {
    const names = new Set(selected().map((e) => e.name))
    screen.summary([...results.values()].filter((r) => names.has(r.name)).sort((a, b) => (a.name < b.name ? -1 : 1)), names.size)
  }

  const workers = (): number => config.workers ?? defaultWorkers()
  const scheduler = new Scheduler<ScenarioResult>(workers(), {
    run: (name, mode, signal) => runScenario({ config, name, mode, signal }),
    finished(name, _mode, result) {
      results.set(name, result)
      for (const file of result.written) {
        const path = join(config.generatedDir, name, file)
        ownWrites.set(path, readFileSync(path, 'utf8'))
      }
      screen.result(result)
    },
    crashed: (name, error) => screen.error(`${name}: ${(error as Error).message}`),
    // Not while a batch is still compiling or building: its runs are about to start.
    idle: () => handling === 0 && summary(),
  })

  let watcher: FSWatcher | undefined
  const startWatcher = async (): Promise<void> => {
    await watcher?.close()
    const paths = [config.scenariosDir, config.generatedDir, join(root, CONFIG_FILE), ...agentIndex.directories()]
    const w = watch(paths, { ignoreInitial: true, ignored: (path) => /[\\/](node_modules|\.git)([\\/]|$)/.test(path) })
    w.on('all', (_event, path) => pending.add(path))
    w.on('error', (error) => screen.error(`watcher: ${(error as Error).message}`))
    await new Promise<void>((resolve) => w.once('ready', () => resolve()))
    watcher = w
  }

  /** Shows the compiles' problems, refreshes the entries, and returns the selected scenarios they compiled. */
  const compiled = async (outcomes: CompileResult[]): Promise<string[]> => {
    for (const outcome of outcomes) screen.compileProblems(outcome.problems)
    await refreshEntries()
    const wanted = new Set(selected().map((e) => e.name))
    return [...new Set(outcomes.flatMap((o) => o.compiled.map((c) => c.name)))].filter((n) => wanted.has(n))
  }

  const handle = async (paths: string[]): Promise<void> => {
    agentIndex.refresh()
    const layout = { scenariosDir: config.scenariosDir, generatedDir: config.generatedDir, configFile: join(root, CONFIG_FILE), agentSources: (f: string) => agentIndex.agentsOf(f) }
    const changes = [...new Set(paths)].flatMap((p) => {
      const change = classifyChange(p, layout)
      return change && !isOwnWrite(change) ? [change] : []
    })
    if (!changes.length) return
    screen.changed(changes.map((c) => ('file' in c ? c.file : join(root, CONFIG_FILE))), !scheduler.busy())
    if (changes.some((c) => c.kind === 'config')) return reloadConfig()
    const outcomes: CompileResult[] = []
    for (const c of changes) if (c.kind === 'scenario-source') outcomes.push(await compiler.compileFile(c.file))
    const rerun = new Set(outcomes.length ? await compiled(outcomes) : [])
    for (const c of changes) if (c.kind === 'fixture' && selected().some((e) => e.name === c.name)) rerun.add(c.name)
    const agents = new Set(changes.flatMap((c) => (c.kind === 'agent-source' ? c.agents : [])))
    if (agents.size) {
      const affected = selected().filter((e) => agents.has(agentOf(e))).map((e) => e.name)
      scheduler.cancel(affected)
      if (await rebuild(agents)) for (const name of affected) rerun.add(name)
    }
    scheduler.request([...rerun].sort(), 'run')
  }

  const isOwnWrite = (change: Change): boolean => {
    if (change.kind !== 'fixture') return false
    const mine = ownWrites.get(change.file)
    if (mine === undefined) return false
    try {
      return readFileSync(change.file, 'utf8') === mine
    } catch {
      return false
    }
  }

  const rebuild = async (agents: Set<string>): Promise<boolean> => {
    const commands = [...new Set([...agents].flatMap((a) => agentIndex.buildOf(a) ?? []))]
    for (const command of commands) {
      screen.note(`building: ${command}`)
      const build = await runBuild(command, root, builds.signal)
      if (!build.ok) {
        screen.error(`build failed, not rerunning: ${build.tail}`)
        return false
      }
      screen.note(`built in ${build.durationMs} ms`)
    }
    return true
  }

  const reloadConfig = async (): Promise<void> => {
    try {
      config = loadConfig(root)
    } catch (error) {
      screen.error((error as Error).message)
      return
    }
    compiler.close()
    compiler = createCompiler(config)
    scheduler.setWorkers(workers())
    results.clear()
    await runAll()
    await startWatcher()
  }

  const runAll = async (): Promise<void> => {
    await compiled([await compiler.compileAll(filters)])
    scheduler.request(selected().map((e) => e.name), 'run')
  }

  // One batch at a time: compiles and builds never overlap, runs go on meanwhile.
  let work = Promise.resolve()
  /** Set on quit: a batch that has not started by then (a change seen while quitting) is dropped. */
  let closing = false
  const enqueue = (job: () => Promise<void>): void => {
    handling++
    work = work
      .then(() => (closing ? undefined : job()))
      .catch((error: unknown) => screen.error(`watch: ${(error as Error).message}`))
      .finally(() => {
        if (--handling === 0 && !closing && !scheduler.busy()) summary()
      })
  }
  const pending = batcher<string>(DEBOUNCE_MS, (paths) => enqueue(() => handle(paths)))

  const failedNames = (): string[] => [...results.values()].filter((r) => r.status === 'failed').map((r) => r.name)
  let quit!: () => void
  const quitting = new Promise<void>((resolve) => (quit = resolve))
  const onKey = (action: KeyAction): void => {
    const act: Record<KeyAction, () => void> = {
      all: () => enqueue(runAll),
      failed: () => rerunFailed('run'),
      update: () => rerunFailed('update'),
      quit,
    }
    act[action]()
  }
  const rerunFailed = (mode: WatchMode): void => {
    const names = failedNames()
    if (!names.length) return screen.note(mode === 'update' ? 'nothing to update: no scenario failed' : 'no failed scenario to rerun')
    screen.note(`${mode === 'update' ? 'updating' : 'rerunning'}: ${names.join(', ')}`)
    scheduler.request(names, mode)
  }

  const stopKeys = listenKeys(options.keys, onKey)
  process.on('SIGINT', quit)
  process.on('SIGTERM', quit)
  try {
    enqueue(async () => {
      await refreshEntries()
      await startWatcher()
      await runAll()
    })
    await quitting
  } finally {
    closing = true
    process.off('SIGINT', quit)
    process.off('SIGTERM', quit)
    stopKeys()
    pending.cancel()
    builds.abort()
    await scheduler.stop()
    await work
    await watcher?.close()
    compiler.close()
  }
  return 0
}
