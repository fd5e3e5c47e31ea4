// Compile problems: a position in a project file and what was expected there.

export interface CompileProblem {
  /** Project-relative path with forward slashes. */
  file: string
  line: number
  col: number
  message: string
}

export const formatProblem = (p: CompileProblem): string => `${p.file}:${p.line}:${p.col}: ${p.message}`

/** Parses an `at` string (`scenarios/x.scenario.ts:7:3`) back into a position. */
export function parseAt(at: string): { file: string; line: number; col: number } | undefined {
  const m = /^(.*):(\d+):(\d+)$/.exec(at)
  return m ? { file: m[1]!, line: Number(m[2]), col: Number(m[3]) } : undefined
}

/** Thrown by readInput and import for a file that is not a valid input.json. */
export class InputFileError extends Error {
  override name = 'InputFileError'
  constructor(readonly problem: CompileProblem) {
    super(formatProblem(problem))
  }
}
