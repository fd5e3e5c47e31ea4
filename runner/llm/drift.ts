// Replay drift: the incoming (normalised) request compared with the recorded one, part by part, with a short diff.
import { createPatch } from 'diff'
import type { NeutralRequest } from './neutral.js'
import { reRecordHint, type LlmProblem, type RequestPart } from './problems.js'

/** `plural` picks the verb when a part is the only one that changed ("tool schemas differ", "model differs"). */
const PARTS: { part: RequestPart; label: string; plural: boolean; pick: (r: NeutralRequest) => unknown }[] = [
  { part: 'model', label: 'model', plural: false, pick: (r) => r.model },
  { part: 'system', label: 'system prompt', plural: false, pick: (r) => r.system },
  { part: 'tools', label: 'tool schemas', plural: true, pick: (r) => r.tools },
  { part: 'messages', label: 'messages', plural: true, pick: (r) => r.messages },
  { part: 'params', label: 'request parameters', plural: true, pick: (r) => ({ ...r.params, stream: r.stream }) },
]

const MAX_DIFF_LINES = 16

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2)) + '\n'

/** A unified diff without its file headers, cut to a screenful. */
export function shortDiff(recorded: unknown, received: unknown): string {
  const lines = createPatch('request', text(recorded), text(received), 'llm.jsonl', 'received', { context: 1 })
    .split('\n')
    .slice(4)
    .filter((line) => line !== '' && !line.startsWith('\\'))
  const cut = lines.length > MAX_DIFF_LINES ? [...lines.slice(0, MAX_DIFF_LINES), `… ${lines.length - MAX_DIFF_LINES} more diff lines`] : lines
  return ['--- llm.jsonl', '+++ received', ...cut].join('\n')
}

const joinLabels = (labels: string[]): string =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`

export function compareRequests(call: number, recorded: NeutralRequest, received: NeutralRequest, scenario?: string): LlmProblem | undefined {
  const changed = PARTS.filter(({ pick }) => JSON.stringify(pick(recorded)) !== JSON.stringify(pick(received)))
  if (changed.length === 0) return undefined
  const labels = changed.map((c) => c.label)
  const verb = changed.length > 1 || changed[0]!.plural ? 'differ' : 'differs'
  return {
    kind: 'drift',
    call,
    parts: changed.map(({ part, pick }) => ({ part, diff: shortDiff(pick(recorded), pick(received)) })),
    message: `model call #${call}: ${joinLabels(labels)} ${verb} from llm.jsonl (${reRecordHint(scenario)})`,
  }
}
