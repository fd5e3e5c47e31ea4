// One scenario end to end: read its input and fixtures, start its model server, drive the agent,
// check the protocol, normalise the surfaces, then compare them (run) or write them (update, record, refresh).
import { join } from 'node:path'
import { readInput } from '../dsl/read-input.js'
import type { ScenarioInput } from '../dsl/schema.js'
import { diffText } from './compare.js'
import { resolveAgent, type ResolvedAgent, type ResolvedConfig } from './config.js'
import { driveAgent, type DriveOutcome } from './drive.js'
import { UsageError } from './errors.js'
import { FIXTURE_FILES, readFixture, writeFixtures, type FixtureUpdate } from './fixtures.js'
import { parseCassette, serializeCassette, type Cassette } from './llm/cassette.js'
import { describeRequest, startLlmServer, type LlmServer, type LlmSource, type NeutralRequest } from './llm/server.js'
import { withAgentPackage } from './presets/agent-package.js'
import { Normalizer, sessionIdsOf, type Json } from './normalize/index.js'
import { checkProtocol, classify } from './protocol-checks.js'
import { createSandbox, placeholdersOf, writeHomeFiles, type Sandbox } from './sandbox.js'
import { recordsFromScript } from './scenarios.js'
import { sessionLogLines, workspaceFiles } from './surfaces.js'

export type Mode = 'run' | 'update' | 'record' | 'refresh'

export interface RunScenarioOptions {
  config: ResolvedConfig
  name: string
  mode: Mode
  /** Run against this configured agent instead of the scenario's own. */
  agent?: string
  /** Whole-scenario timeout; default: the scenario's, then the config's, then 60 s. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Record: keep failed upstream calls in llm.jsonl as faults instead of failing the record. */
  keepFaults?: boolean
  /** Where record reads the upstream URL and key (default: process.env). */
  env?: NodeJS.ProcessEnv
}

export interface ScenarioFailure {
  /** The step (`3: prompt (scenarios/x.scenario.ts:12:3)`) or stage (`compare`, `protocol`, `model`) that failed. */
  step: string
  message: string
  diff?: string
}

export interface ScenarioResult {
  name: string
  agent: string
  status: 'passed' | 'failed' | 'skipped'
  durationMs: number
  failure?: ScenarioFailure
  warnings: string[]
  /** Fixture files this run rewrote (update, record, refresh). */
  written: string[]
}

export const DEFAULT_SCENARIO_TIMEOUT_MS = 60_000

/** Fails the scenario (as opposed to UsageError, which stops the whole command with exit 2). */
class ScenarioFailed extends Error {
  constructor(readonly failure: ScenarioFailure) {
    super(failure.message)
  }
}

export async function runScenario(options: RunScenarioOptions): Promise<ScenarioResult> {
  const started = performance.now()
  const { config, name } = options
  let agentName = options.agent ?? config.defaultAgent
  const result = (partial: Pick<ScenarioResult, 'status'> & Partial<ScenarioResult>): ScenarioResult => ({
    name,
    agent: agentName,
    warnings: [],
    written: [],
    ...partial,
    durationMs: Math.round(performance.now() - started),
  })
  try {
    const input = loadInput(config, name)
    agentName = options.agent ?? input.agent ?? config.defaultAgent
    const agent = withAgentPackage(resolveAgent(config, agentName), config.root)
    const { warnings, written } = await execute(options, input, agent)
    return result({ status: 'passed', warnings, written })
  } catch (error) {
    if (error instanceof ScenarioFailed) return result({ status: 'failed', failure: error.failure })
    throw error
  }
}

function loadInput(config: ResolvedConfig, name: string): ScenarioInput {
  try {
    return readInput(config.generatedDir, name)
  } catch (error) {
    throw new ScenarioFailed({ step: 'input.json', message: `${(error as Error).message} (compile it with \`acp-scenario compile ${name}\`)` })
  }
}

const rel = (config: ResolvedConfig, name: string, file: string): string => join(config.generated, name, file)

/** Where the model answers come from in this mode, or a failure/usage error saying what is missing. */
function llmSource(options: RunScenarioOptions, input: ScenarioInput, agent: ResolvedAgent, dir: string): { source: LlmSource; secrets: string[]; cassette?: Cassette } {
  const { config, name, mode } = options
  if (mode === 'record') {
    // Scripted calls (or no prompt at all) record without a key; otherwise the real upstream answers.
    if (recordsFromScript(input)) return { source: { kind: 'script', entries: input.llm ?? [] }, secrets: [] }
    const env = options.env ?? process.env
    const up = agent.upstream
    const baseUrl = (up?.baseUrlEnv && env[up.baseUrlEnv]) || up?.baseUrl
    if (!baseUrl) throw new UsageError(`record ${name}: agent "${agent.name}" has no upstream base URL (upstream.baseUrl or upstream.baseUrlEnv in the config), and the scenario scripts no model calls (.llm(...))`)
    const keyEnv = up?.apiKeyEnv
    const apiKey = keyEnv ? env[keyEnv] : undefined
    if (keyEnv && !apiKey) throw new UsageError(`record ${name}: set ${keyEnv} to the upstream API key (agent "${agent.name}" upstream.apiKeyEnv), or script the scenario's model calls with .llm(...) to record without a key`)
    return { source: { kind: 'upstream', baseUrl, ...(apiKey ? { apiKey } : {}) }, secrets: apiKey ? [apiKey] : [] }
  }
  const text = readFixture(dir, 'llm')
  if (text === undefined) {
    throw new ScenarioFailed({ step: 'fixtures', message: `${rel(config, name, FIXTURE_FILES.llm)} is missing; create it with \`acp-scenario record ${name}\`` })
  }
  let cassette: Cassette
  try {
    cassette = parseCassette(text, rel(config, name, FIXTURE_FILES.llm))
  } catch (error) {
    throw new ScenarioFailed({ step: 'fixtures', message: `${(error as Error).message} (re-record with \`acp-scenario record ${name}\`)` })
  }
  if (cassette.header.wire !== agent.wire) {
    throw new ScenarioFailed({
      step: 'fixtures',
      message: `${rel(config, name, FIXTURE_FILES.llm)} was recorded for the ${cassette.header.wire} wire, but agent "${agent.name}" speaks ${agent.wire}; re-record with \`acp-scenario record ${name}\``,
    })
  }
  return { source: { kind: 'cassette', cassette }, secrets: [], cassette }
}

async function execute(options: RunScenarioOptions, input: ScenarioInput, agent: ResolvedAgent): Promise<{ warnings: string[]; written: string[] }> {
  const { config, name, mode } = options
  const dir = join(config.generatedDir, name)
  const { source, secrets } = llmSource(options, input, agent, dir)
  if (mode === 'run' && readFixture(dir, 'stdout') === undefined) {
    throw new ScenarioFailed({
      step: 'fixtures',
      message: `${rel(config, name, FIXTURE_FILES.stdout)} is missing; create it with \`acp-scenario refresh ${name}\` (or \`acp-scenario record ${name}\`)`,
    })
  }
  const timeoutMs = options.timeoutMs ?? input.timeoutMs ?? config.timeoutMs ?? DEFAULT_SCENARIO_TIMEOUT_MS
  const sandbox = sandboxFor(name, input, config.root)
  let server: LlmServer | undefined
  try {
    // Set once the server's port is known; model requests only arrive after that, while the agent runs.
    let normalizer!: Normalizer
    // Requests are normalised as they arrive, before the run's session ids are collected: UUID-shaped ids become {{uuid-N}}.
    const normalizeRequest = (request: NeutralRequest): NeutralRequest => normalizer.valueNormalizer()(request as unknown as Json) as unknown as NeutralRequest
    server = await startLlmServer({ wire: agent.wire, source, secrets, normalizeRequest, scenario: name, keepUpstreamFaults: options.keepFaults === true, ...(agent.auxiliaryCalls ? { auxiliary: agent.auxiliaryCalls } : {}) })
    normalizer = new Normalizer({ paths: sandbox.literals(), port: server.port, rules: agent.normalizers })
    const placeholders = placeholdersOf(sandbox, server)
    writeHomeFiles(agent, placeholders)
    const outcome: DriveOutcome = await driveAgent({
      input,
      agent,
      sandbox,
      placeholders,
      baseUrl: server.url,
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    })
    if (outcome.failure) {
      throw new ScenarioFailed({ ...outcome.failure, message: withModelRequests(withStderr(outcome.failure.message, outcome.stderrTail), server) })
    }

    const { failures, warnings } = classify(checkProtocol(outcome.log.messages, agent.normalizers?.asyncUpdates ?? []), agent.warnChecks)
    if (failures.length) {
      throw new ScenarioFailed({ step: 'protocol', message: `protocol check failed:\n${failures.map((v) => `  [${v.check}] ${v.message}`).join('\n')}` })
    }
    const llmProblems = [...server.problems(), ...(mode === 'record' && source.kind === 'upstream' ? [] : [server.assertConsumed()].filter((p) => p !== undefined))]
    if (llmProblems.length) {
      const diff = llmProblems.flatMap((p) => (p.kind === 'drift' ? p.parts.map((part) => `model call #${p.call} ${part.part}:\n${part.diff}`) : [])).join('\n')
      throw new ScenarioFailed({ step: 'model', message: withModelRequests(llmProblems.map((p) => p.message).join('\n'), server), ...(diff ? { diff } : {}) })
    }

    const surfaces = produceSurfaces(normalizer, outcome, agent, input, sandbox.logDir, sandbox.cwd)
    const update: FixtureUpdate = {}
    if (mode === 'run') compare(config, name, dir, surfaces)
    if (mode === 'update') {
      Object.assign(update, { stdout: surfaces.stdout, ...(agent.sessionLog ? { session: surfaces.session } : {}) })
      compare(config, name, dir, { stdout: undefined, session: undefined, workspace: surfaces.workspace })
    }
    if (mode === 'refresh' || mode === 'record') {
      Object.assign(update, { stdout: surfaces.stdout, session: surfaces.session, workspace: surfaces.workspace })
    }
    if (mode === 'record') update.llm = recordedCassette(server.cassette(), readFixture(dir, 'llm'))
    const written = writeFixtures(dir, update, () => !options.signal?.aborted)
    return { warnings: warnings.map((v) => `[${v.check}] ${v.message}`), written }
  } finally {
    await server?.close()
    sandbox.remove()
  }
}

/** The scenario's sandbox; a workspace that cannot be seeded (a missing dir, a file outside the cwd) fails the scenario. */
function sandboxFor(name: string, input: ScenarioInput, root: string): Sandbox {
  try {
    return createSandbox(name, input, root)
  } catch (error) {
    throw new ScenarioFailed({ step: 'workspace', message: `cannot seed the agent's cwd: ${(error as Error).message}` })
  }
}

/** The new cassette's text; when only its recording time differs from the committed one, the old bytes stay. */
function recordedCassette(cassette: Cassette, previous: string | undefined): string {
  const text = serializeCassette(cassette)
  if (previous === undefined) return text
  try {
    const old = parseCassette(previous, FIXTURE_FILES.llm)
    const same = serializeCassette({ ...cassette, header: { ...cassette.header, recordedAt: old.header.recordedAt } })
    return same === previous ? previous : text
  } catch {
    return text
  }
}

interface Surfaces {
  stdout: string | undefined
  /** null: the agent wrote no log (the file should not exist). */
  session: string | null | undefined
  workspace: string | null | undefined
}

function produceSurfaces(normalizer: Normalizer, outcome: DriveOutcome, agent: ResolvedAgent, input: ScenarioInput, logDir: string, cwd: string): Surfaces {
  const sessionIds = sessionIdsOf(outcome.log.messages)
  const lines = agent.sessionLog ? sessionLogLines(logDir, agent.sessionLog.glob) : undefined
  const workspace = input.workspace?.expect
    ? JSON.stringify(normalizer.valueNormalizer(sessionIds)(workspaceFiles(cwd)), null, 2) + '\n'
    : null
  return {
    stdout: normalizer.transcript(outcome.log.messages),
    session: lines ? normalizer.sessionLog(lines, sessionIds) : null,
    workspace,
  }
}

/** Compares each produced surface (undefined = not compared) with its committed file. */
function compare(config: ResolvedConfig, name: string, dir: string, surfaces: Surfaces): void {
  const diffs: string[] = []
  const differing: string[] = []
  const missing: string[] = []
  const check = (key: 'stdout' | 'session' | 'workspace', actual: string | null | undefined): void => {
    if (actual === undefined) return
    const expected = readFixture(dir, key)
    const file = FIXTURE_FILES[key]
    if (expected === undefined && actual === null) return
    if (expected === undefined) return void missing.push(`${rel(config, name, file)} is missing but this run produced it`)
    if (actual === null) return void missing.push(`${rel(config, name, file)} exists but this run produced no ${key === 'session' ? 'agent log' : 'workspace snapshot'}`)
    const diff = diffText(expected, actual, file)
    if (diff) {
      diffs.push(diff)
      differing.push(file)
    }
  }
  check('stdout', surfaces.stdout)
  check('session', surfaces.session)
  check('workspace', surfaces.workspace)
  if (diffs.length || missing.length) {
    throw new ScenarioFailed({
      step: 'compare',
      message: [...missing, ...(differing.length ? [`${differing.join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from the committed expectation (accept with \`acp-scenario run ${name} --update\`)`] : [])].join('\n'),
      ...(diffs.length ? { diff: diffs.join('\n') } : {}),
    })
  }
}

/** What the agent asked the model server and how each request ended: often the reason a step failed. */
function withModelRequests(message: string, server: LlmServer): string {
  const log = server.requestLog()
  return log.length ? `${message}\nmodel requests:\n${log.map((e) => `  ${describeRequest(e)}`).join('\n')}` : message
}

function withStderr(message: string, tail: string[]): string {
  const lines = tail.filter((l) => l.trim() !== '')
  return lines.length ? `${message}\nagent stderr (last ${lines.length} lines):\n${lines.map((l) => `  | ${l}`).join('\n')}` : message
}

