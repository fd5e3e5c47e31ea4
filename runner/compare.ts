// JSON-aware line comparison of an expectation with what the run produced, as a compact diff.
import { diffJson, structuredPatch } from 'diff'
import pc from 'picocolors'

const LONG = 240

/** A unified diff of `expected` vs `actual` (undefined when equal); changed JSON lines also get a field diff. */
export function diffText(expected: string, actual: string, label: string): string | undefined {
  if (expected === actual) return undefined
  const patch = structuredPatch(`${label} (committed)`, `${label} (this run)`, expected, actual, '', '', { context: 2 })
  const out = [`--- ${label} (committed)`, `+++ ${label} (this run)`]
  for (const hunk of patch.hunks) {
    out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`)
    const lines = hunk.lines.filter((l) => !l.startsWith('\\'))
    for (let i = 0; i < lines.length; ) {
      if (!lines[i]!.startsWith('-')) {
        out.push(clip(lines[i]!))
        i++
        continue
      }
      const removed: string[] = []
      const added: string[] = []
      while (i < lines.length && lines[i]!.startsWith('-')) removed.push(lines[i++]!.slice(1))
      while (i < lines.length && lines[i]!.startsWith('+')) added.push(lines[i++]!.slice(1))
      for (const r of removed) out.push(clip(`-${r}`))
      for (const a of added) out.push(clip(`+${a}`))
      if (removed.length === added.length) removed.forEach((r, k) => out.push(...fieldDiff(r, added[k]!)))
    }
  }
  return out.join('\n')
}

const clip = (line: string): string => (line.length > LONG ? `${line.slice(0, LONG)}…` : line)

/** For a changed JSON line, the changed fields of the pretty-printed objects (indented under the pair). */
function fieldDiff(before: string, after: string): string[] {
  let a: unknown
  let b: unknown
  try {
    a = JSON.parse(before)
    b = JSON.parse(after)
  } catch {
    return []
  }
  if (before.length <= 120 && after.length <= 120) return []
  const lines: string[] = []
  for (const part of diffJson(a as object, b as object)) {
    if (!part.added && !part.removed) continue
    const sign = part.added ? '+' : '-'
    for (const l of part.value.split('\n')) if (l.trim() !== '') lines.push(clip(`  ${sign}  ${l.trim()}`))
  }
  return lines.length ? ['  ~ changed fields:', ...lines] : []
}

/** Colours a diff made by diffText; plain when colours are off. */
export function colorDiff(diff: string, enabled: boolean): string {
  if (!enabled) return diff
  const c = pc.createColors(true)
  return diff
    .split('\n')
    .map((l) => (l.startsWith('@@') ? c.cyan(l) : l.startsWith('+') || l.startsWith('  +') ? c.green(l) : l.startsWith('-') || l.startsWith('  -') ? c.red(l) : l.startsWith('  ~') ? c.dim(l) : l))
    .join('\n')
}

/** Colours on for a TTY unless NO_COLOR is set. */
export function colorsEnabled(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env)
}
