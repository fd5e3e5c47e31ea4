// Where a DSL call was written: the first stack frame outside the DSL itself.
import { dirname, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A position in whatever file V8 ran (a bundle); the compiler maps it back to the scenario source. */
export interface RawSite {
  file: string
  line: number
  col: number
}

const DSL_DIR = dirname(fileURLToPath(import.meta.url))
// `at fn (file:1:2)` or `at file:1:2`; the file may be a file:// URL or a path.
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/

const toPath = (file: string): string => (file.startsWith('file://') ? fileURLToPath(file) : file)

/** Parses V8 stack text into frames (internal `node:` frames dropped). Pure; exported for tests. */
export function stackFrames(stack: string): RawSite[] {
  return stack.split('\n').flatMap((line) => {
    const m = FRAME.exec(line)
    if (!m || m[1]!.startsWith('node:')) return []
    return [{ file: toPath(m[1]!), line: Number(m[2]), col: Number(m[3]) }]
  })
}

/** The first frame outside dsl/: the scenario (or helper) line that made the call. */
export function captureSite(): RawSite | undefined {
  return stackFrames(new Error().stack ?? '').find((f) => !f.file.startsWith(DSL_DIR + sep))
}
