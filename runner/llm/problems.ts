// What the model server reports to the runner: drift, exhaustion, left-over calls, upstream failures,
// and its own failures while handling a request (a bug, or a request normaliser that threw).
export type RequestPart = 'model' | 'system' | 'tools' | 'messages' | 'params'

export type LlmProblem =
  | { kind: 'drift'; call: number; parts: { part: RequestPart; diff: string }[]; message: string }
  | { kind: 'exhausted'; call: number; message: string }
  | { kind: 'unconsumed'; used: number; total: number; message: string }
  | { kind: 'upstream'; call: number; status?: number; message: string }
  | { kind: 'internal'; message: string }

/** How to re-record, appended to drift messages: names the scenario when the runner told us which. */
export const reRecordHint = (scenario?: string): string =>
  `re-record with \`acp-scenario record${scenario ? ` ${scenario}` : ''}\``
