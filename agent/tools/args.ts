// Argument validation shared by the tools: one zod schema per tool, errors as one sentence.
import type { z } from 'zod'

export function parseWith<T>(schema: z.ZodType<T>, args: unknown): { ok: true; input: T } | { ok: false; error: string } {
  const result = schema.safeParse(args)
  if (result.success) return { ok: true, input: result.data }
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)
  return { ok: false, error: `invalid arguments (${issues.join('; ')})` }
}
