// Drives one agent process through a scenario's steps: launch, ACP client, step table, shutdown.
// Whatever happens, the agent's process group and its terminals are gone when this returns.
import { setTimeout as sleep } from 'node:timers/promises'
import type { ScenarioInput } from '../dsl/schema.js'
import { connectClient } from './client.js'
import { ClientFs } from './client-fs.js'
import { ClientTerminals } from './client-terminal.js'
import type { ResolvedAgent } from './config.js'
import { agentEnv } from './env.js'
import { describeExit, launchAgent, type ExitInfo } from './launch.js'
import { PermissionGate, PermissionQueue } from './permissions.js'
import { fillPlaceholders, type Placeholders, type Sandbox } from './sandbox.js'
import { describeStep, executorFor, StepError, type StepContext } from './steps/index.js'
import { WireLog } from './wire-log.js'

export const DEFAULT_WAIT_MS = 10_000
/** After a failed request, how long to wait for the agent's exit that may explain it. */
const EXIT_GRACE_MS = 300

export interface DriveOptions {
  input: ScenarioInput
  agent: ResolvedAgent
  sandbox: Sandbox
  placeholders: Placeholders
  baseUrl: string
  /** Whole-scenario deadline. */
  timeoutMs: number
  signal?: AbortSignal
}

export interface DriveFailure {
  step: string
  message: string
}

export interface DriveOutcome {
  log: WireLog
  failure?: DriveFailure
  exit?: ExitInfo
  stderrTail: string[]
}

/** A reason to stop the whole scenario, raced against every step. */
class Stop extends Error {}

export async function driveAgent(options: DriveOptions): Promise<DriveOutcome> {
  const { input, agent, sandbox, placeholders } = options
  const log = new WireLog()
  const env = agentEnv({ agent, placeholders, baseUrl: options.baseUrl })
  const proc = launchAgent({ command: fillPlaceholders(agent.command, placeholders), args: agent.args.map((a) => fillPlaceholders(a, placeholders)), cwd: sandbox.cwd, env })
  const terminals = new ClientTerminals(sandbox.cwd, env)
  let current = 'startup'
  let waitingFor = ''

  let stopWith!: (reason: Stop) => void
  const stopped = new Promise<never>((_, reject) => (stopWith = reject))
  stopped.catch(() => undefined)
  let stopReason: Stop | undefined
  const stop = (message: string): void => {
    if (stopReason) return
    stopReason = new Stop(message)
    stopWith(stopReason)
  }
  const queue = new PermissionQueue(input.permissionAnswers)
  const permissions = new PermissionGate(queue, (message) => stop(message))
  const client = await connectClient({ agent: proc, log, permissions, fs: new ClientFs(sandbox.cwd), terminals, fail: (message) => stop(message) }).catch(async (error: unknown) => {
    await proc.stop()
    throw error
  })

  let stopping = false
  void proc.exited.then((info) => {
    if (!stopping) stop(`the agent ${describeExit(info)} during ${current}${waitingFor ? `, while waiting for ${waitingFor}` : ''}`)
  })
  const deadline = setTimeout(
    () => stop(`the scenario timed out after ${options.timeoutMs} ms during ${current}${waitingFor ? `, waiting for ${waitingFor}` : ''}; the agent (pid ${proc.pid}) was still running, so it hung or never answered`),
    options.timeoutMs,
  )
  const onAbort = (): void => stop('interrupted')
  // An interrupt that came while the sandbox and model server were being set up stops the scenario here.
  if (options.signal?.aborted) onAbort()
  else options.signal?.addEventListener('abort', onAbort, { once: true })

  /** A request failing because the connection closed is really the agent exiting: say so, with its exit. */
  const explain = async (error: Error): Promise<string> => {
    const info = proc.exitInfo() ?? (await Promise.race([proc.exited, sleep(EXIT_GRACE_MS, undefined, { ref: false })]))
    return info ? `the agent ${describeExit(info)} during ${current} (${error.message})` : error.message
  }

  let failure: DriveFailure | undefined
  try {
    const state: StepContext['state'] = { promptStart: 0 }
    for (const [index, step] of input.steps.entries()) {
      current = describeStep(step, index)
      const stepTimeout = step.timeoutMs ?? (step.op === 'initialize' ? Math.max(DEFAULT_WAIT_MS, agent.startupTimeoutMs) : DEFAULT_WAIT_MS)
      let abandoned = false
      waitingFor = ''
      const ctx: StepContext = {
        input,
        agent,
        sandbox,
        client,
        log,
        permissions,
        state,
        waiting: (what) => (waitingFor = what),
        sleep: (ms) => new Promise((resolve, reject) => setTimeout(() => (abandoned ? reject(new Stop('abandoned')) : resolve()), ms)),
      }
      permissions.hold(true)
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StepError(`timed out after ${stepTimeout} ms waiting for ${waitingFor || 'the step to finish'}${heldNote(permissions)}`)), stepTimeout)
      })
      try {
        await Promise.race([executorFor(step)(step, ctx), stopped, timedOut])
      } catch (error) {
        abandoned = true
        failure = { step: stepLabel(step, index), message: error instanceof Stop ? error.message : await explain(error as Error) }
        break
      } finally {
        clearTimeout(timer)
      }
    }
    if (!failure) failure = await finishTurns(state.inflight, permissions, stopped)
    if (!failure && stopReason) failure = { step: 'after the last step', message: stopReason.message }
    const left = queue.remaining()
    if (!failure && left.length) {
      failure = { step: 'permissions', message: `${left.length} permission answer(s) were never used: ${left.map((a) => ('kind' in a ? a.kind : a.optionId) + (a.at ? ` (${a.at})` : '')).join(', ')}` }
    }
  } catch (error) {
    // A bug of ours must still end in a stopped agent and a reported scenario, never an orphan.
    failure = { step: current, message: `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }
  } finally {
    stopping = true
    clearTimeout(deadline)
    options.signal?.removeEventListener('abort', onAbort)
    permissions.hold(false)
  }

  const exitedBefore = proc.exitInfo()
  const exit = await proc.stop()
  client.close()
  await terminals.dispose()
  if (!failure && !exitedBefore && exit.code !== undefined && exit.code !== 0) {
    failure = { step: 'shutdown', message: `the agent ${describeExit(exit)} after its stdin was closed` }
  }
  return { log, ...(failure ? { failure } : {}), exit, stderrTail: proc.stderrTail(20) }
}

/** An in-flight prompt (e.g. after promptAndCancel) must still be answered before the agent is stopped. */
async function finishTurns(inflight: StepContext['state']['inflight'], permissions: PermissionGate, stopped: Promise<never>): Promise<DriveFailure | undefined> {
  if (!inflight || inflight.settled) return undefined
  permissions.hold(false)
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      inflight.outcome,
      stopped,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StepError(`the prompt${inflight.at ? ` at ${inflight.at}` : ''} was never answered (waited ${DEFAULT_WAIT_MS} ms after the last step)`)), DEFAULT_WAIT_MS)
      }),
    ])
    return undefined
  } catch (error) {
    return { step: `end of steps${inflight.at ? ` (prompt at ${inflight.at})` : ''}`, message: (error as Error).message }
  } finally {
    clearTimeout(timer)
  }
}

const heldNote = (permissions: PermissionGate): string =>
  permissions.heldCount() ? ` (${permissions.heldCount()} permission request(s) are held unanswered: the permission queue is empty; add .permit(...) or cancel)` : ''

export function stepLabel(step: ScenarioInput['steps'][number], index: number): string {
  return `${index + 1}: ${step.op}${step.at ? ` (${step.at})` : ''}`
}
