// What can go wrong with one model call, and what the agent does about it: a table, first match wins.
// The full behaviour -> outcome table is in agent/OUTCOMES.md.

export type ModelFailure =
  /** The server answered with an HTTP error status. */
  | { kind: 'http'; status: number; code?: string; message?: string; retryAfterMs?: number }
  /** No response: connection refused, reset before headers, DNS, TLS. */
  | { kind: 'network'; detail: string }
  /** No byte for AGENT_STALL_TIMEOUT_MS. `partial`: text was already shown to the user. */
  | { kind: 'stall'; partial: boolean }
  /** The body ended (cleanly or by a reset) without a finish_reason or [DONE]. */
  | { kind: 'incomplete'; partial: boolean; detail: string }
  /** The stream is not a chat-completions SSE stream (bad JSON, bad chunk shape, wrong content type). */
  | { kind: 'protocol'; detail: string }

export type FailureAction =
  | { action: 'retry' }
  /** End the turn normally (stopReason end_turn) and tell the user why in an agent message. */
  | { action: 'end_turn'; message: string }
  /** Answer the prompt with a JSON-RPC error. */
  | { action: 'error'; message: string }

interface Row {
  name: string
  matches: (failure: ModelFailure) => boolean
  decide: (failure: ModelFailure) => FailureAction
}

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529])

const isHttp = (failure: ModelFailure, test: (f: Extract<ModelFailure, { kind: 'http' }>) => boolean) =>
  failure.kind === 'http' && test(failure)

const mentions = (failure: Extract<ModelFailure, { kind: 'http' }>, pattern: RegExp) =>
  pattern.test(`${failure.code ?? ''} ${failure.message ?? ''}`)

export function describeFailure(failure: ModelFailure): string {
  switch (failure.kind) {
    case 'http':
      return `HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ''}${failure.message ? `: ${failure.message}` : ''}`
    case 'network':
      return `connection failed (${failure.detail})`
    case 'stall':
      return 'the model stream stalled (no data within the stall timeout)'
    case 'incomplete':
      return `the model stream ended early (${failure.detail})`
    case 'protocol':
      return `malformed model stream: ${failure.detail}`
  }
}

export const FAILURE_TABLE: Row[] = [
  {
    name: 'auth',
    matches: (f) => isHttp(f, (h) => h.status === 401 || h.status === 403),
    decide: (f) => ({ action: 'end_turn', message: `The model API rejected the credentials (${describeFailure(f)}). Check OPENAI_API_KEY.` }),
  },
  {
    name: 'context_overflow',
    matches: (f) => isHttp(f, (h) => h.status === 400 && mentions(h, /context_length_exceeded|context length|maximum context/i)),
    decide: () => ({ action: 'end_turn', message: 'The conversation is too long for the model\'s context window. Start a new session to continue.' }),
  },
  {
    name: 'quota',
    matches: (f) => isHttp(f, (h) => mentions(h, /insufficient_quota|quota|billing|insufficient balance/i)),
    decide: (f) => ({ action: 'end_turn', message: `The model API account has no quota left (${describeFailure(f)}).` }),
  },
  {
    name: 'transient_http',
    matches: (f) => isHttp(f, (h) => RETRYABLE_STATUSES.has(h.status)),
    decide: () => ({ action: 'retry' }),
  },
  {
    name: 'rejected_request',
    matches: (f) => f.kind === 'http',
    decide: (f) => ({ action: 'end_turn', message: `The model API rejected the request (${describeFailure(f)}).` }),
  },
  {
    name: 'network',
    matches: (f) => f.kind === 'network',
    decide: () => ({ action: 'retry' }),
  },
  {
    // Nothing was shown yet, so a fresh attempt cannot duplicate output.
    name: 'broken_before_content',
    matches: (f) => (f.kind === 'stall' || f.kind === 'incomplete') && !f.partial,
    decide: () => ({ action: 'retry' }),
  },
  {
    name: 'broken_after_content',
    matches: (f) => f.kind === 'stall' || f.kind === 'incomplete',
    decide: (f) => ({ action: 'end_turn', message: `\n\n[The reply above is incomplete: ${describeFailure(f)}.]` }),
  },
  {
    name: 'protocol',
    matches: (f) => f.kind === 'protocol',
    decide: (f) => ({ action: 'error', message: describeFailure(f) }),
  },
]

export function decideFailure(failure: ModelFailure): FailureAction & { rule: string } {
  const row = FAILURE_TABLE.find((candidate) => candidate.matches(failure))
  // The last rows cover every kind, so a miss is a programming error worth surfacing.
  if (!row) throw new Error(`no failure rule for ${JSON.stringify(failure)}`)
  return { ...row.decide(failure), rule: row.name }
}

/** What the user is told when the retries run out. */
export function exhaustedMessage(failure: ModelFailure, attempts: number): string {
  return `The model API failed ${attempts} times in a row; giving up on this turn. Last error: ${describeFailure(failure)}.`
}

/** Wait before retry number `retry` (1-based): Retry-After when given, else exponential; both capped. */
export function backoffDelay(retry: number, failure: ModelFailure, baseMs: number, maxMs: number): number {
  const hinted = failure.kind === 'http' ? failure.retryAfterMs : undefined
  const delay = hinted ?? baseMs * 2 ** (retry - 1)
  return Math.min(Math.max(0, delay), maxMs)
}

/** Parses a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
