// terminal/* served inside the scenario's temp cwd: each terminal is a process group the runner reaps.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { sdk } from './acp-sdk.js'
import { signalGroup, waitGroupGone } from './process-group.js'
import { isWithin } from './sandbox.js'

interface Terminal {
  child: ChildProcess
  output: string
  truncated: boolean
  limit?: number
  exit?: { exitCode: number | null; signal: string | null }
  exited: Promise<{ exitCode: number | null; signal: string | null }>
}

export interface CreateTerminalParams {
  command: string
  args?: string[]
  env?: { name: string; value: string }[]
  cwd?: string | null
  outputByteLimit?: number | null
}

export class ClientTerminals {
  private readonly terminals = new Map<string, Terminal>()
  private next = 1
  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string>,
  ) {}

  create(params: CreateTerminalParams): { terminalId: string } {
    const cwd = params.cwd ? resolve(this.cwd, params.cwd) : this.cwd
    if (!isWithin(this.cwd, cwd)) throw sdk().RequestError.invalidParams({ cwd: params.cwd }, `terminal cwd is outside the session's working directory: ${params.cwd}`)
    const env = { ...this.env, ...Object.fromEntries((params.env ?? []).map((e) => [e.name, e.value])) }
    // Without args the command is a shell line, as agents usually send it.
    const child = params.args?.length
      ? spawn(params.command, params.args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(params.command, { cwd, env, detached: true, shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const terminal: Terminal = {
      child,
      output: '',
      truncated: false,
      ...(params.outputByteLimit != null ? { limit: params.outputByteLimit } : {}),
      exited: new Promise((done) => {
        child.on('error', (error) => {
          terminal.output += `${error.message}\n`
          terminal.exit = { exitCode: 127, signal: null }
          done(terminal.exit)
        })
        // A command that cannot start emits 'error' and then 'close' (code -2): the first status stays.
        child.on('close', (exitCode, signal) => {
          terminal.exit ??= { exitCode, signal }
          done(terminal.exit)
        })
      }),
    }
    const append = (text: string): void => {
      terminal.output += text
      if (terminal.limit !== undefined && Buffer.byteLength(terminal.output) > terminal.limit) {
        terminal.output = lastBytes(terminal.output, terminal.limit)
        terminal.truncated = true
      }
    }
    // Decoded per stream, so a character split across chunks stays whole.
    child.stdout?.setEncoding('utf8').on('data', append)
    child.stderr?.setEncoding('utf8').on('data', append)
    const terminalId = `term-${this.next++}`
    this.terminals.set(terminalId, terminal)
    return { terminalId }
  }

  private get(terminalId: string): Terminal {
    const t = this.terminals.get(terminalId)
    if (!t) throw sdk().RequestError.invalidParams({ terminalId }, `unknown terminal: ${terminalId}`)
    return t
  }

  output(terminalId: string): { output: string; truncated: boolean; exitStatus?: { exitCode: number | null; signal: string | null } } {
    const t = this.get(terminalId)
    return { output: t.output, truncated: t.truncated, ...(t.exit ? { exitStatus: t.exit } : {}) }
  }

  waitForExit(terminalId: string): Promise<{ exitCode: number | null; signal: string | null }> {
    return this.get(terminalId).exited
  }

  kill(terminalId: string): Record<string, never> {
    const t = this.get(terminalId)
    if (t.child.pid && !t.exit) signalGroup(t.child.pid, 'SIGKILL')
    return {}
  }

  release(terminalId: string): Record<string, never> {
    this.kill(terminalId)
    this.terminals.delete(terminalId)
    return {}
  }

  /** Kills every terminal still running; called when the scenario ends. */
  async dispose(): Promise<void> {
    const pids = [...this.terminals.values()].flatMap((t) => (t.child.pid ? [t.child.pid] : []))
    for (const pid of pids) signalGroup(pid, 'SIGKILL')
    await Promise.all(pids.map((pid) => waitGroupGone(pid, 2000)))
    this.terminals.clear()
  }
}

/** At most `limit` UTF-8 bytes from the end of `text`, starting on a character boundary (ACP truncates from the beginning). */
function lastBytes(text: string, limit: number): string {
  const all = Buffer.from(text)
  const bytes = all.subarray(Math.max(0, all.length - limit))
  let start = 0
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++
  return bytes.subarray(start).toString('utf8')
}
