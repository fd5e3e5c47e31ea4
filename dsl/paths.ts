// Paths as the compiler writes them (in `source`, `at` and errors): relative to the project, forward slashes.
import { relative, sep } from 'node:path'

export const toPosix = (p: string): string => p.split(sep).join('/')

/** `file` relative to `root`, with forward slashes on every platform. */
export const projectPath = (root: string, file: string): string => toPosix(relative(root, file))
