// Shared by the watch and vitest e2e tests: a temp project with recorded fixtures, and a live `watch` process.
import { readdirSync, readFileSync } from 'node:fs'
import { execa, type ResultPromise } from 'execa'
import { CLI, cli, tempProject } from './compile-helpers.js'

export type Project = ReturnType<typeof tempProject>

/** A temp project holding `scenarios`, compiled and recorded (keyless: every scenario scripts its model calls). */
export async function recordedProject(scenarios: Record<string, string>): Promise<Project> {
  const project = tempProject(Object.fromEntries(Object.entries(scenarios).map(([name, text]) => [`scenarios/${name}.scenario.ts`, text])))
  for (const args of [['compile'], ['record', '--workers', '2']]) {
    const r = await cli(project.root, ...args)
    if (r.exitCode !== 0) throw new Error(`acp-scenario ${args.join(' ')} failed in the test setup:\n${r.stdout}\n${r.stderr}`)
  }
  return project
}

/** Direct children of `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return []
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return fields[0] !== 'Z' && Number(fields[1]) === pid ? [Number(entry)] : []
    } catch {
      return []
    }
  })
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** `acp-scenario watch` in a project, keys on its stdin, its output collected for `waitFor`. */
export class WatchProcess {
  readonly child: ResultPromise<{ stdin: 'pipe'; stdout: 'pipe'; stderr: 'pipe'; reject: false; env: Record<string, string> }>
  output = ''

  constructor(root: string, args: string[] = []) {
    this.child = execa('node', [CLI, 'watch', ...args], { cwd: root, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', reject: false, env: { NO_COLOR: '1' } })
    this.child.stdout.on('data', (d: Buffer) => (this.output += d.toString()))
    this.child.stderr.on('data', (d: Buffer) => (this.output += d.toString()))
  }

  get pid(): number {
    return this.child.pid!
  }

  /** Where new output starts: pass it to waitFor to look only past this point. */
  mark(): number {
    return this.output.length
  }

  key(k: string): void {
    this.child.stdin.write(`${k}\n`)
  }

  async waitFor(pattern: RegExp, from = 0, timeoutMs = 30_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const m = pattern.exec(this.output.slice(from))
      if (m) return m
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`watch output never matched ${pattern}; output so far:\n${this.output}`)
      await sleep(25)
    }
  }

  /** Polls until the process has children, returning them. */
  async children(timeoutMs = 10_000): Promise<number[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const kids = childrenOf(this.pid)
      if (kids.length) return kids
      if (Date.now() > deadline) throw new Error(`watch (pid ${this.pid}) started no agent within ${timeoutMs} ms`)
      await sleep(10)
    }
  }

  /** Kills it if a test left it running. */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL')
  }
}
