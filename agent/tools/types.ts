// The shape every tool implements; tools/table.ts lists them.
import type { ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk'
import type { ProcessRegistry } from './processes.js'

/** File access for tools: the local disk, or the client's fs/* methods when it offers them. */
export interface FileAccess {
  readText(path: string): Promise<string>
  /** On the disk, creates missing parent directories; through the client, the disk is left alone. */
  writeText(path: string, content: string): Promise<void>
}

export interface ToolContext {
  /** The session cwd, realpath-resolved: every path a tool touches must stay under it. */
  root: string
  signal: AbortSignal
  files: FileAccess
  processes: ProcessRegistry
  commandTimeoutMs: number
}

export interface ToolOutcome {
  status: 'completed' | 'failed'
  /** What the model sees as the tool result. */
  output: string
  content: ToolCallContent[]
  rawOutput: unknown
}

export interface ToolDefinition<Input = unknown> {
  name: string
  description: string
  /** JSON schema offered to the model. */
  parameters: Record<string, unknown>
  kind: ToolKind
  needsPermission: boolean
  /** Validates the model's arguments; returns an error sentence on bad input. */
  parse(args: unknown): { ok: true; input: Input } | { ok: false; error: string }
  title(input: Input): string
  /** Absolute paths the call touches, for the client to show; none for a path out of bounds. */
  locations(input: Input, root: string): ToolCallLocation[]
  run(input: Input, context: ToolContext): Promise<ToolOutcome>
}

export const textContent = (text: string): ToolCallContent => ({ type: 'content', content: { type: 'text', text } })

/** A failed call: `reason` is a message or what a tool's work threw. */
export const failed = (reason: unknown): ToolOutcome => {
  const message = reason instanceof Error ? reason.message : String(reason)
  return { status: 'failed', output: `Error: ${message}`, content: [textContent(`Error: ${message}`)], rawOutput: { error: message } }
}
