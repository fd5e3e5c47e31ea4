// Plain TypeScript mirrors of the input.json shapes a scenario author touches.
// Scenario files are type-checked against these, not against the zod schema, so checking a
// scenario never loads zod's heavy declarations; test/types/dsl-schema-parity.ts pins them to
// the schema's inferred types so the two cannot drift.
import type { BehaviourName } from './names.js'

/** ACP ContentBlock for `promptContent`. */
export type ContentBlock =
  | { type: 'text'; text: string; [extra: string]: unknown }
  | { type: 'image'; data: string; mimeType: string; [extra: string]: unknown }
  | { type: 'audio'; data: string; mimeType: string; [extra: string]: unknown }
  | { type: 'resource_link'; uri: string; name: string; [extra: string]: unknown }
  | { type: 'resource'; resource: { uri: string; [extra: string]: unknown }; [extra: string]: unknown }

export interface ToolCallSpec {
  id?: string | undefined
  name: string
  arguments: Record<string, unknown> | string
}

/** One scripted model call, as it appears in input.json `llm` (without the compiler's `at`). */
export interface LlmEntry {
  behaviour: BehaviourName
  text?: string | undefined
  reasoning?: string | undefined
  toolCalls?: ToolCallSpec[] | undefined
  /** Characters per streamed delta. */
  chunkSize?: number | undefined
  /** Pause before each streamed delta. */
  delayMs?: number | undefined
  /** For disconnecting behaviours: how long after the headers the socket is destroyed. */
  disconnectAfterMs?: number | undefined
  /** Retry-After seconds for rate limits and overloads. */
  retryAfter?: number | undefined
  /** `random`: the seed and the weights of its pick. */
  seed?: number | undefined
  weights?: Partial<Record<BehaviourName, number>> | undefined
  /** Override the HTTP status or the error message of a fault. */
  status?: number | undefined
  message?: string | undefined
  /** Serve this entry again for every later request instead of failing as exhausted. */
  repeat?: boolean | undefined
}

/** The tuning parameters every llm helper accepts last. */
export type LlmParams = Omit<LlmEntry, 'behaviour' | 'text' | 'reasoning' | 'toolCalls'>

export interface ClientCapabilities {
  fs?: { readTextFile?: boolean | undefined; writeTextFile?: boolean | undefined } | undefined
  terminal?: boolean | undefined
}

export interface WorkspaceSetting {
  /** Files written into the agent's temp cwd before it starts: relative path -> contents. */
  files?: Record<string, string> | undefined
  /** A folder copied into the temp cwd, relative to the scenario file. */
  dir?: string | undefined
  /** Snapshot the files the agent left in its cwd as workspace.expected.json. */
  expect?: boolean | undefined
}
