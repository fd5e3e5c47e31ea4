// What watch mode prints: what changed, each rerun's verdict (the runner's pretty reporter, diffs included),
// compile errors with their location, and a summary with the keys once everything settled.
import { relative } from 'node:path'
import pc from 'picocolors'
import { formatProblem, type CompileProblem } from '../../dsl/problems.js'
import { prettyReporter } from '../report/pretty.js'
import type { ScenarioResult } from '../scenario-run.js'
import { KEY_HELP } from './keys.js'

export interface Screen {
  /**
   * A new batch of changes. When `fresh` (nothing is running) the previous output is cleared first on a TTY,
   * so only what changed shows; otherwise the runs still going would lose their output.
   */
  changed(what: string[], fresh: boolean): void
  result(result: ScenarioResult): void
  compileProblems(problems: CompileProblem[]): void
  note(text: string): void
  error(text: string): void
  summary(results: ScenarioResult[], watched: number): void
}

export function createScreen(options: { write: (text: string) => void; colors: boolean; clear: boolean; root: string }): Screen {
  const { write, root } = options
  const c = pc.createColors(options.colors)
  const reporter = prettyReporter(write, options.colors)
  return {
    changed(what, fresh) {
      if (fresh && options.clear) write('\x1b[2J\x1b[3J\x1b[H')
      write(c.cyan(`change: ${what.map((w) => relative(root, w) || w).join(', ')}`) + '\n')
    },
    result: (r) => reporter.result(r),
    compileProblems(problems) {
      for (const p of problems) write(`${c.red('compile error:')} ${formatProblem(p)}\n`)
    },
    note: (text) => write(c.dim(text) + '\n'),
    error: (text) => write(c.red(text) + '\n'),
    summary(results, watched) {
      reporter.end(results)
      write(c.dim(`watching ${watched} scenario${watched === 1 ? '' : 's'} · ${KEY_HELP}`) + '\n')
    },
  }
}
