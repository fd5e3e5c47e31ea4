// The session log vocabulary: one JSONL line per event in <AGENT_SESSION_DIR>/<sessionId>.jsonl.

export const SESSION_LOG_VERSION = 1

export interface SessionHeader {
  type: 'session'
  version: number
  sessionId: string
  cwd: string
  model: string
}

/** Events after the header. `seq` and `time` are added by the writer. */
export type SessionEvent =
  | { type: 'turn/start'; turn: number }
  | { type: 'step/start'; turn: number; step: number }
  | { type: 'model/request'; step: number; attempt: number; model: string; messages: number; tools: string[] }
  | { type: 'model/retry'; step: number; attempt: number; failure: string; delayMs: number }
  | { type: 'assistant/text'; step: number; text: string }
  | { type: 'assistant/reasoning'; step: number; text: string }
  | { type: 'tool/call'; step: number; toolCallId: string; name: string; input: unknown }
  | { type: 'permission/asked'; toolCallId: string; options: string[] }
  | { type: 'permission/decided'; toolCallId: string; decision: string; remembered: boolean }
  | { type: 'tool/result'; toolCallId: string; status: 'completed' | 'failed'; output: string }
  | { type: 'step/end'; turn: number; step: number; finish: string }
  | { type: 'turn/end'; turn: number; reason: string; message?: string }

export type LoggedLine = ({ type: 'session' } & Omit<SessionHeader, 'type'> | SessionEvent) & { seq: number; time: string }
