// Runs an agent's `watch.build` command (e.g. `npm run build`) before its scenarios rerun.
import { execa } from 'execa'

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
  const result = await execa(command, { shell: true, cwd, all: true, reject: false, timeout: BUILD_TIMEOUT_MS, cancelSignal: signal, forceKillAfterDelay: 2000, stdin: 'ignore' })
  const tail = (result.all ?? '').split('\n').slice(-TAIL_LINES).join('\n')
  const why = result.timedOut ? `timed out after ${BUILD_TIMEOUT_MS} ms` : result.isCanceled ? 'was cancelled' : `exited with code ${result.exitCode ?? result.signal}`
  return { ok: !result.failed, tail: result.failed ? `\`${command}\` ${why}\n${tail}` : tail, durationMs: Math.round(performance.now() - started) }
}
