// The zod schema of generated/<name>/input.json: a superset of DeepSeek Harness's InputScript.
import { z } from 'zod'
import { BEHAVIOUR_NAMES, PERMISSION_KINDS } from './names.js'

const timeoutMs = z.number().int().positive()
/** Where the step was written: `scenarios/x.scenario.ts:7:3`. Added by the compiler. */
const at = z.string()

const fileWait = z.strictObject({ path: z.string().min(1), timeoutMs: timeoutMs.optional() })

/** ACP ContentBlock, validated loosely: the agent, not the runner, owns its meaning. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal('resource_link'), uri: z.string(), name: z.string() }),
  z.looseObject({ type: z.literal('resource'), resource: z.looseObject({ uri: z.string() }) }),
])
export type ContentBlock = z.infer<typeof contentBlockSchema>

const step = <Op extends string, Shape extends z.ZodRawShape>(op: Op, shape: Shape) =>
  z.strictObject({ op: z.literal(op), at: at.optional(), timeoutMs: timeoutMs.optional(), ...shape })

export const stepSchema = z.discriminatedUnion('op', [
  // DeepSeek Harness vocabulary, same names and fields.
  step('initialize', { terminalOutput: z.boolean().optional() }),
  step('newSession', {}),
  step('newSessionExpectError', { additionalDirectories: z.array(z.string()).optional() }),
  step('prompt', { text: z.string() }),
  step('promptContent', { content: z.array(contentBlockSchema).min(1) }),
  step('promptAndWaitForAgentMessage', { text: z.string(), waitForText: z.string().min(1) }),
  step('promptExpectError', { text: z.string() }),
  step('promptAndCancel', { text: z.string(), waitForFile: fileWait.optional() }),
  step('cancel', { waitForFile: fileWait.optional() }),
  step('waitForFile', { path: z.string().min(1) }),
  step('waitForTurnStart', { minimumTurn: z.number().int().nonnegative().optional() }),
  step('waitForTurnEnd', {}),
  step('waitForSubagentTurnEnd', {
    child: z.number().int().nonnegative().optional(),
    minimumTurn: z.number().int().nonnegative().optional(),
  }),
  step('waitForGoalPhase', { phase: z.string().min(1) }),
  step('waitForInboxMessage', { text: z.string().min(1) }),
  step('waitForTitleAfterTurnEnd', {}),
  step('waitForEventAfterTurnEnd', { type: z.string().min(1) }),
  // Generic ACP additions.
  step('waitForAgentMessage', { text: z.string().min(1) }),
  step('waitForToolCall', { kind: z.string().min(1).optional(), title: z.string().min(1).optional() }),
  step('promptAndCancelAfterChunks', { text: z.string(), chunks: z.number().int().positive() }),
])
export type Step = z.infer<typeof stepSchema>

export const permissionAnswerSchema = z.union([
  z.strictObject({ kind: z.enum(PERMISSION_KINDS), at: at.optional() }),
  z.strictObject({ optionId: z.string().min(1), at: at.optional() }),
])
export type PermissionAnswer = z.infer<typeof permissionAnswerSchema>

export const toolCallSpecSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
})
export type ToolCallSpec = z.infer<typeof toolCallSpecSchema>

/** One scripted model call: a behaviour and its parameters. `reply()`, `toolCall()` etc. build these. */
export const llmEntrySchema = z.strictObject({
  behaviour: z.enum(BEHAVIOUR_NAMES),
  at: at.optional(),
  text: z.string().optional(),
  reasoning: z.string().optional(),
  toolCalls: z.array(toolCallSpecSchema).min(1).optional(),
  /** Characters per streamed delta. */
  chunkSize: z.number().int().positive().optional(),
  /** Pause before each streamed delta. */
  delayMs: z.number().int().nonnegative().optional(),
  /** For disconnecting behaviours: how long after the headers the socket is destroyed. */
  disconnectAfterMs: z.number().int().nonnegative().optional(),
  /** Retry-After seconds for rate limits and overloads. */
  retryAfter: z.number().nonnegative().optional(),
  /** `random`: the seed and the weights of its pick. */
  seed: z.number().int().optional(),
  weights: z.partialRecord(z.enum(BEHAVIOUR_NAMES), z.number().nonnegative()).optional(),
  /** Override the HTTP status or the error message of a fault. */
  status: z.number().int().min(100).max(599).optional(),
  message: z.string().optional(),
  /** Serve this entry again for every later request instead of failing as exhausted. */
  repeat: z.boolean().optional(),
})
export type LlmEntry = z.infer<typeof llmEntrySchema>

export const clientCapabilitiesSchema = z.strictObject({
  fs: z.strictObject({ readTextFile: z.boolean().optional(), writeTextFile: z.boolean().optional() }).optional(),
  terminal: z.boolean().optional(),
})
export type ClientCapabilitiesSetting = z.infer<typeof clientCapabilitiesSchema>

export const workspaceSchema = z.strictObject({
  /** Files written into the temp cwd before the agent starts: relative path -> contents. */
  files: z.record(z.string(), z.string()).optional(),
  /** A folder copied into the temp cwd, relative to the project root. */
  dir: z.string().min(1).optional(),
  /** Snapshot the files the agent left in its cwd as workspace.expected.json. */
  expect: z.boolean().optional(),
})

export const inputSchema = z.strictObject({
  /** The scenario file this was compiled from, relative to the project root. */
  source: z.string().optional(),
  description: z.string().optional(),
  agent: z.string().min(1).optional(),
  tags: z.array(z.string().min(1)).optional(),
  timeoutMs: timeoutMs.optional(),
  clientCapabilities: clientCapabilitiesSchema.optional(),
  workspace: workspaceSchema.optional(),
  llm: z.array(llmEntrySchema).optional(),
  steps: z.array(stepSchema).min(1),
  permissionAnswers: z.array(permissionAnswerSchema).optional(),
})
export type ScenarioInput = z.infer<typeof inputSchema>
