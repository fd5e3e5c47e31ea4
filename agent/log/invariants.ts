// Pure checker for the session log's ordering rules; the writer feeds it every line before writing.
import type { LoggedLine } from './events.js'

export interface LogState {
  lastSeq: number
  headerSeen: boolean
  turnOpen: boolean
  stepOpen: boolean
  /** Tool call ids seen in this log, mapped to whether permission was asked and the result written. */
  toolCalls: Map<string, { asked: boolean; resulted: boolean }>
}

export function initialLogState(): LogState {
  return { lastSeq: -1, headerSeen: false, turnOpen: false, stepOpen: false, toolCalls: new Map() }
}

type Rule = (state: LogState, line: LoggedLine) => string | undefined

const needsStep = (state: LogState, line: LoggedLine) =>
  state.stepOpen ? undefined : `${line.type} outside a step`

const knownCall = (state: LogState, id: string, type: string) =>
  state.toolCalls.has(id) ? undefined : `${type} for unknown tool call ${id}`

/** What each event type requires of the state before it, by type. */
const RULES: Record<LoggedLine['type'], Rule> = {
  session: (s) => (s.headerSeen ? 'a second session header' : undefined),
  'turn/start': (s) => (s.turnOpen ? 'turn/start while a turn is open' : undefined),
  'step/start': (s) => (!s.turnOpen ? 'step/start outside a turn' : s.stepOpen ? 'step/start while a step is open' : undefined),
  'model/request': needsStep,
  'model/retry': needsStep,
  'assistant/text': needsStep,
  'assistant/reasoning': needsStep,
  'tool/call': (s, l) =>
    needsStep(s, l) ?? (l.type === 'tool/call' && s.toolCalls.has(l.toolCallId) ? `duplicate tool call ${l.toolCallId}` : undefined),
  'permission/asked': (s, l) => (l.type === 'permission/asked' ? needsStep(s, l) ?? knownCall(s, l.toolCallId, l.type) : undefined),
  'permission/decided': (s, l) => {
    if (l.type !== 'permission/decided') return undefined
    const problem = needsStep(s, l) ?? knownCall(s, l.toolCallId, l.type)
    if (problem) return problem
    return !l.remembered && !s.toolCalls.get(l.toolCallId)?.asked ? `permission/decided before permission/asked for ${l.toolCallId}` : undefined
  },
  'tool/result': (s, l) => {
    if (l.type !== 'tool/result') return undefined
    const problem = needsStep(s, l) ?? knownCall(s, l.toolCallId, l.type)
    if (problem) return problem
    return s.toolCalls.get(l.toolCallId)?.resulted ? `second tool/result for ${l.toolCallId}` : undefined
  },
  'step/end': (s) => (!s.stepOpen ? 'step/end without an open step' : undefined),
  'turn/end': (s) => (!s.turnOpen ? 'turn/end without an open turn' : s.stepOpen ? 'turn/end while a step is open' : undefined),
}

/** Returns the violation found (or undefined) and the state after the line. */
export function checkLine(state: LogState, line: LoggedLine): { violation?: string; state: LogState } {
  const violation =
    line.seq <= state.lastSeq
      ? `seq ${line.seq} does not increase (last ${state.lastSeq})`
      : !state.headerSeen && line.type !== 'session'
        ? `${line.type} before the session header`
        : RULES[line.type](state, line)
  if (violation) return { violation, state }
  const next: LogState = { ...state, lastSeq: line.seq, toolCalls: new Map(state.toolCalls) }
  switch (line.type) {
    case 'session': next.headerSeen = true; break
    case 'turn/start': next.turnOpen = true; break
    case 'turn/end': next.turnOpen = false; break
    case 'step/start': next.stepOpen = true; break
    case 'step/end': next.stepOpen = false; break
    case 'tool/call': next.toolCalls.set(line.toolCallId, { asked: false, resulted: false }); break
    case 'permission/asked': next.toolCalls.set(line.toolCallId, { asked: true, resulted: false }); break
    case 'tool/result': {
      const call = next.toolCalls.get(line.toolCallId)
      if (call) next.toolCalls.set(line.toolCallId, { ...call, resulted: true })
      break
    }
  }
  return { state: next }
}
