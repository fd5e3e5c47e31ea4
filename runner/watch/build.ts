// Runs an agent's `watch.build` command (e.g. `npm run build`) before its scenarios rerun.
import { execa } from 'execa'
import { signalGroup } from '../process-group.js'

const BUILD_TIMEOUT_MS = 5 * 60_000
const TAIL_LINES = 30

export interface BuildOutcome {
  ok: boolean
  /** The last lines of its output, for the screen when it failed. */
  tail: string
  durationMs: number
}

export async function runBuild(command: string, cwd: string, signal: AbortSignal): Promise<BuildOutcome> {
  const started = performance.now()
  // In a process group of its own, killed whole on timeout or cancel: killing the shell alone would leave
  // what it started (npm, tsc) running, holding the output pipe open.
  const build = execa(command, { shell: true, detached: true, cwd, all: true, reject: false, stdin: 'ignore' })
  const deadline = AbortSignal.timeout(BUILD_TIMEOUT_MS)
  const stop = AbortSignal.any([signal, deadline])
  const kill = (): void => {
    if (build.pid) signalGroup(build.pid, 'SIGKILL')
  }
  if (stop.aborted) kill()
  else stop.addEventListener('abort', kill, { once: true })
  const result = await build.finally(() => stop.removeEventListener('abort', kill))
  const tail = (result.all ?? '').split('\n').slice(-TAIL_LINES).join('\n')
  const why = deadline.aborted ? `timed out after ${BUILD_TIMEOUT_MS} ms` : signal.aborted ? 'was cancelled' : `exited with code ${result.exitCode ?? result.signal}`
  return { ok: !result.failed, tail: result.failed ? `\`${command}\` ${why}\n${tail}` : tail, durationMs: Math.round(performance.now() - started) }
}
