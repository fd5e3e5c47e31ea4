/** A usage or configuration problem: the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** Exit codes of the CLI contract. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const
