// Starts the agent in its own process group and stops it: stdin EOF, a bounded wait, then SIGTERM and
// SIGKILL to the whole group, so grandchildren that ignore SIGTERM do not survive the scenario.
// node:child_process rather than execa: execa's import alone costs ~80 ms on every run's critical path.
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { groupMembers, signalGroup, waitGroupGone } from './process-group.js'

export interface ExitInfo {
  code?: number
  signal?: string
  /** The agent could not be started at all (e.g. command not found). */
  spawnError?: string
}

export interface AgentProcess {
  readonly pid: number
  readonly stdout: AsyncIterable<Uint8Array>
  write(bytes: Uint8Array): Promise<void>
  /** Settles when the agent process itself exits. */
  readonly exited: Promise<ExitInfo>
  exitInfo(): ExitInfo | undefined
  stderrTail(lines?: number): string[]
  /** Stops the agent and its group; resolves once nothing of the group is alive (bounded). */
  stop(options?: { graceMs?: number }): Promise<ExitInfo>
}

export interface LaunchOptions {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
}

const STDERR_KEEP = 200
const PIPE_GRACE_MS = 1000

export function describeExit(info: ExitInfo): string {
  if (info.spawnError) return `could not be started: ${info.spawnError}`
  if (info.signal) return `was killed by ${info.signal}`
  return `exited with code ${info.code ?? 'unknown'}`
}

/** Agent groups still alive; killed if the runner itself exits without stopping them. */
const liveGroups = new Set<number>()
let exitHookInstalled = false
function trackGroup(pgid: number): void {
  liveGroups.add(pgid)
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const group of liveGroups) signalGroup(group, 'SIGKILL')
  })
}

export function launchAgent(options: LaunchOptions): AgentProcess {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const pid = child.pid ?? -1
  if (pid > 0) trackGroup(pid)
  const stderr: string[] = []
  let partial = ''
  // Decoded as a stream, so a character split across chunks stays whole in the reported tail.
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    stderr.push(...lines)
    if (stderr.length > STDERR_KEEP) stderr.splice(0, stderr.length - STDERR_KEEP)
  })
  child.stdin.on('error', () => {
    // EPIPE after the agent exited: the exit itself is what gets reported
  })
  let info: ExitInfo | undefined
  const exited = new Promise<ExitInfo>((resolve) => {
    const settle = (next: ExitInfo): void => {
      if (info) return
      info = next
      resolve(next)
    }
    const exitInfo = (code: number | null, signal: NodeJS.Signals | null): ExitInfo => ({
      ...(code !== null ? { code } : {}),
      ...(signal ? { signal } : {}),
    })
    child.once('error', (error) => settle({ spawnError: error.message }))
    // Prefer 'close' (stdout and stderr fully read), but a grandchild that escaped the group may hold
    // the pipes open: then settle a bounded while after 'exit'.
    child.once('close', (code, signal) => settle(exitInfo(code, signal)))
    child.once('exit', (code, signal) => setTimeout(() => settle(exitInfo(code, signal)), PIPE_GRACE_MS).unref())
  })

  let stopping: Promise<ExitInfo> | undefined
  const stop = (graceMs: number): Promise<ExitInfo> => {
    stopping ??= (async () => {
      child.stdin.end()
      const inTime = await Promise.race([exited.then(() => true), sleep(graceMs, false, { ref: false })])
      if (pid > 0 && (!inTime || groupMembers(pid).length > 0)) {
        signalGroup(pid, 'SIGTERM')
        if (!(await waitGroupGone(pid, Math.min(graceMs, 1000)))) {
          signalGroup(pid, 'SIGKILL')
          await waitGroupGone(pid, 2000)
        }
      }
      liveGroups.delete(pid)
      return exited
    })()
    return stopping
  }

  return {
    pid,
    stdout: child.stdout,
    write: (bytes) =>
      new Promise((resolve, reject) => {
        if (child.stdin.destroyed || child.stdin.writableEnded) return reject(new Error('the agent’s stdin is closed'))
        child.stdin.write(bytes, (error) => (error ? reject(error) : resolve()))
      }),
    exited,
    exitInfo: () => info,
    stderrTail: (lines = 20) => [...stderr, ...(partial ? [partial] : [])].slice(-lines),
    stop: (opts) => stop(opts?.graceMs ?? 2000),
  }
}
