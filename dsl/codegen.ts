// input.json -> scenario source (the reverse of the compiler), for migrating DeepSeek Harness inputs.
import { defined } from './defined.js'
import type { LlmEntry, ScenarioInput, Step, ToolCallSpec } from './schema.js'

export interface CodegenOptions {
  /** Rewrites `workspace.dir` (project-relative in input.json) to be relative to the scenario file. */
  relativeDir?: (dir: string) => string
}

const IDENT = /^[A-Za-z_$][\w$]*$/
const WIDTH = 100

/** A single-quoted JS string literal. */
export function quote(text: string): string {
  const body = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")
  return `'${body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`
}

/** A JS literal for JSON data: inline when short, otherwise one entry per line. */
export function literal(value: unknown, indent = ''): string {
  if (typeof value === 'string') return quote(value)
  if (value === null || typeof value !== 'object') return String(value)
  const inner = `${indent}  `
  const parts = Array.isArray(value)
    ? value.map((v) => literal(v, inner))
    : Object.entries(value).map(([k, v]) => `${IDENT.test(k) ? k : quote(k)}: ${literal(v, inner)}`)
  if (parts.length === 0) return Array.isArray(value) ? '[]' : '{}'
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }']
  const flat = `${open}${parts.join(', ')}${close}`
  if (flat.length + indent.length <= WIDTH && !flat.includes('\n')) return flat
  return `${open.trim()}\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}${close.trim()}`
}

const withoutAt = <T extends { at?: string | undefined }>(value: T): Omit<T, 'at'> => {
  const { at: _at, ...rest } = value
  return rest
}
/** Call arguments, dropping a trailing empty options object. */
const args = (indent: string, ...values: unknown[]): string => {
  const kept = [...values]
  while (kept.length && (kept.at(-1) === undefined || (typeof kept.at(-1) === 'object' && Object.keys(kept.at(-1) as object).length === 0))) kept.pop()
  return kept.map((v) => literal(v, indent)).join(', ')
}

type StepOf<Op extends Step['op']> = Extract<Step, { op: Op }>
const fileWait = (w: { path: string; timeoutMs?: number | undefined } | undefined) => (w && w.timeoutMs === undefined ? w.path : w)

/** One entry per op: the chain call that produces the step. Data table, not an if-chain. */
const STEP_CALLS: { [Op in Step['op']]: (s: StepOf<Op>, indent: string) => string } = {
  initialize: (s, i) => `initialize(${args(i, defined({ terminalOutput: s.terminalOutput, timeoutMs: s.timeoutMs }))})`,
  newSession: (s, i) => `newSession(${args(i, defined({ timeoutMs: s.timeoutMs }))})`,
  newSessionExpectError: (s, i) =>
    `newSessionExpectError(${args(i, defined({ additionalDirectories: s.additionalDirectories, timeoutMs: s.timeoutMs }))})`,
  prompt: (s, i) => `prompt(${args(i, s.text, defined({ timeoutMs: s.timeoutMs }))})`,
  promptContent: (s, i) => `promptContent(${args(i, s.content, defined({ timeoutMs: s.timeoutMs }))})`,
  promptAndWaitForAgentMessage: (s, i) => `promptAndWaitForAgentMessage(${args(i, s.text, s.waitForText, defined({ timeoutMs: s.timeoutMs }))})`,
  promptExpectError: (s, i) => `promptExpectError(${args(i, s.text, defined({ timeoutMs: s.timeoutMs }))})`,
  promptAndCancel: (s, i) =>
    `promptAndCancel(${args(i, s.text, defined({ waitForFile: fileWait(s.waitForFile), timeoutMs: s.timeoutMs }))})`,
  promptAndCancelAfterChunks: (s, i) => `promptAndCancelAfterChunks(${args(i, s.text, s.chunks, defined({ timeoutMs: s.timeoutMs }))})`,
  cancel: (s, i) => `cancel(${args(i, defined({ waitForFile: fileWait(s.waitForFile), timeoutMs: s.timeoutMs }))})`,
  waitForFile: (s, i) => `waitForFile(${args(i, s.path, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForTurnStart: (s, i) => `waitForTurnStart(${args(i, defined({ minimumTurn: s.minimumTurn, timeoutMs: s.timeoutMs }))})`,
  waitForTurnEnd: (s, i) => `waitForTurnEnd(${args(i, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForSubagentTurnEnd: (s, i) =>
    `waitForSubagentTurnEnd(${args(i, defined({ child: s.child, minimumTurn: s.minimumTurn, timeoutMs: s.timeoutMs }))})`,
  waitForGoalPhase: (s, i) => `waitForGoalPhase(${args(i, s.phase, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForInboxMessage: (s, i) => `waitForInboxMessage(${args(i, s.text, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForTitleAfterTurnEnd: (s, i) => `waitForTitleAfterTurnEnd(${args(i, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForEventAfterTurnEnd: (s, i) => `waitForEventAfterTurnEnd(${args(i, s.type, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForAgentMessage: (s, i) => `waitForAgentMessage(${args(i, s.text, defined({ timeoutMs: s.timeoutMs }))})`,
  waitForToolCall: (s, i) => `waitForToolCall(${literal(defined({ kind: s.kind, title: s.title }), i)}${s.timeoutMs ? `, { timeoutMs: ${s.timeoutMs} }` : ''})`,
}
const stepCall = (step: Step, indent: string): string => (STEP_CALLS[step.op] as (s: Step, i: string) => string)(step, indent)

/** The ops the typed chain allows before `.newSession()`; every other op needs a session. */
const SESSION_FREE: ReadonlySet<Step['op']> = new Set(['initialize', 'newSession', 'newSessionExpectError'])

/** The helper call that builds an entry, and the helper names it uses. */
function entryCall(entry: LlmEntry, indent: string): { code: string; helpers: string[] } {
  const { behaviour, text, reasoning, toolCalls, ...params } = withoutAt(entry)
  const spec = (c: ToolCallSpec) => defined({ id: c.id, name: c.name, arguments: c.arguments })
  if (behaviour === 'success' && text !== undefined && !reasoning && !toolCalls) return { code: `reply(${args(indent, text, params)})`, helpers: ['reply'] }
  if (behaviour === 'tool_call_success' && toolCalls?.length === 1 && text === undefined && !reasoning) {
    const [call] = toolCalls as [ToolCallSpec]
    return { code: `toolCall(${args(indent, call.name, call.arguments, defined({ id: call.id, ...params }))})`, helpers: ['toolCall'] }
  }
  if (behaviour === 'tool_call_success' && toolCalls && text === undefined && !reasoning)
    return { code: `toolCalls(${args(indent, toolCalls.map(spec), params)})`, helpers: ['toolCalls'] }
  if (behaviour === 'reasoning_success' && reasoning !== undefined && !(text !== undefined && toolCalls)) {
    if (!toolCalls) return { code: `reasoning(${args(indent, reasoning, text, params)})`, helpers: ['reasoning'] }
    const then = `toolCalls(${args(indent, toolCalls.map(spec))})`
    const rest = Object.keys(params).length ? `, ${literal(params, indent)}` : ''
    return { code: `reasoning(${quote(reasoning)}, ${then}${rest})`, helpers: ['reasoning', 'toolCalls'] }
  }
  return { code: `behaviour(${args(indent, behaviour, defined({ text, reasoning, toolCalls: toolCalls?.map(spec), ...params }))})`, helpers: ['behaviour'] }
}

const HELPER_ORDER = ['initialize', 'headless', 'reply', 'reasoning', 'toolCall', 'toolCalls', 'behaviour']

/** Scenario source for an input; throws when the step order cannot be written with the typed chain. */
export function generateScenarioSource(input: ScenarioInput, options: CodegenOptions = {}): string {
  const [first, ...rest] = input.steps
  const headless = first!.op !== 'initialize'
  const steps = headless ? input.steps : rest
  if (steps.some((s) => s.op === 'initialize'))
    throw new Error('initialize may only be the first step: a later initialize cannot be written with the scenario builder')
  let inSession = headless
  for (const step of steps) {
    if (!inSession && !SESSION_FREE.has(step.op)) throw new Error(`step '${step.op}' comes before newSession, which the scenario builder does not allow`)
    if (step.op === 'newSession') inSession = true
  }

  const helpers = new Set<string>([headless ? 'headless' : 'initialize'])
  const indent = '  '
  const calls: string[] = []
  if (input.description !== undefined) calls.push(`description(${quote(input.description)})`)
  if (input.agent !== undefined) calls.push(`agent(${quote(input.agent)})`)
  if (input.tags?.length) calls.push(`tags(${input.tags.map(quote).join(', ')})`)
  if (input.timeoutMs !== undefined) calls.push(`timeout(${input.timeoutMs})`)
  if (input.clientCapabilities) calls.push(`capabilities(${literal(input.clientCapabilities, indent)})`)
  if (input.workspace) {
    const { dir, ...ws } = input.workspace
    calls.push(`workspace(${literal({ ...ws, ...(dir ? { dir: options.relativeDir?.(dir) ?? dir } : {}) }, indent)})`)
  }
  const llm = (input.llm ?? []).map((e) => entryCall(e, indent))
  for (const e of llm) e.helpers.forEach((h) => helpers.add(h))
  const llmCall = llm.length ? `llm(${llm.length === 1 ? llm[0]!.code : `\n${llm.map((e) => `${indent}  ${e.code},`).join('\n')}\n${indent})`}` : undefined
  const permits = (input.permissionAnswers ?? []).map((a) => `permit(${'kind' in a ? quote(a.kind) : literal({ optionId: a.optionId })})`)
  // Model script just before the first prompt, permission answers just after it: where a reader looks.
  const firstPrompt = steps.findIndex((s) => s.op.startsWith('prompt'))
  steps.forEach((step, i) => {
    if (i === firstPrompt && llmCall) calls.push(llmCall)
    calls.push(stepCall(step, indent))
    if (i === firstPrompt) calls.push(...permits)
  })
  if (firstPrompt < 0) calls.push(...(llmCall ? [llmCall] : []), ...permits)

  const names = HELPER_ORDER.filter((h) => helpers.has(h))
  const root = headless ? 'headless()' : STEP_CALLS.initialize(first as StepOf<'initialize'>, indent)
  // The literals above already carry their own indentation: each call is one chain link, as written.
  return [`import { ${names.join(', ')} } from 'acp-scenario'`, '', `export default ${root}`, ...calls.map((call) => `${indent}.${call}`), ''].join('\n')
}
