// Human output: a line per scenario with its time, failures with their step, message and diff,
// then the closing `N passed, N failed` line.
import pc from 'picocolors'
import { colorDiff } from '../compare.js'
import { counts, type Reporter } from './types.js'

const indent = (text: string, by = '    '): string => text.split('\n').map((l) => by + l).join('\n')

export function prettyReporter(write: (text: string) => void, colors: boolean): Reporter {
  const c = pc.createColors(colors)
  return {
    result(r) {
      const mark = r.status === 'passed' ? c.green('✓') : r.status === 'failed' ? c.red('✗') : c.yellow('-')
      const lines = [`${mark} ${r.name} ${c.dim(`[${r.agent}] ${r.durationMs} ms`)}`]
      if (r.written.length) lines.push(c.dim(`    wrote ${r.written.join(', ')}`))
      for (const w of r.warnings) lines.push(c.yellow(`    warning: ${w}`))
      if (r.failure) {
        lines.push(`    ${c.bold(`${r.name}: failed at ${r.failure.step}`)}`)
        lines.push(indent(r.failure.message))
        if (r.failure.diff) lines.push(indent(colorDiff(r.failure.diff, colors)))
      }
      write(lines.join('\n') + '\n')
    },
    end(results) {
      const n = counts(results)
      const line = `${n.passed} passed, ${n.failed} failed${n.skipped ? `, ${n.skipped} skipped` : ''}`
      write((n.failed ? c.red(line) : c.green(line)) + '\n')
    },
  }
}
