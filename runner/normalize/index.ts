// The normaliser of one scenario run: turns the agent's transcript, its session log and the model
// requests into stable text by replacing what varies per run (paths, ids, ports, times) with placeholders.
import type { AgentConfig } from '../config.js'
import type { WireMessage } from '../wire.js'
import { kindOf, paramsOf, resultOf, SESSION_REOPENS, SESSION_STARTS } from '../wire.js'
import { canonicalizeAsyncUpdates } from './async-updates.js'
import { renumberIds } from './ids.js'
import { settlePermissionRaces } from './permission-races.js'
import { mapJson, replaceAtPath, type Json } from './json-walk.js'
import { normalizeNumber } from './numbers.js'
import { literalReplacer, portReplacer, replaceTimes, UuidNumbering, type Literal } from './strings.js'

export interface NormalizeContext {
  /** Every spelling (as given and realpath) of each temp directory with its placeholder. */
  paths: Literal[]
  port?: number
  rules?: AgentConfig['normalizers']
}

/** Session ids in order of creation: `{{sessionId}}`, then `{{sessionId-2}}` ... */
export function sessionIdLiterals(sessionIds: string[]): Literal[] {
  return sessionIds.map((value, i) => ({ value, placeholder: i === 0 ? '{{sessionId}}' : `{{sessionId-${i + 1}}}` }))
}

/** Session ids the agent handed out, in wire order (session/new results and the ids a client loaded). */
export function sessionIdsOf(log: WireMessage[]): string[] {
  const ids: string[] = []
  const add = (id: unknown): void => {
    if (typeof id === 'string' && !ids.includes(id)) ids.push(id)
  }
  for (const w of log) {
    if (w.from === 'agent' && kindOf(w.message) === 'response') add(resultOf(w.message).sessionId)
    if (w.from === 'client' && SESSION_REOPENS.test(String(w.message.method))) add(paramsOf(w.message).sessionId)
  }
  return ids
}

export class Normalizer {
  private readonly regexRules: { pattern: RegExp; with: string }[]
  constructor(private readonly context: NormalizeContext) {
    this.regexRules = (context.rules?.replace ?? []).map((r) => ({ pattern: new RegExp(r.pattern, r.flags ?? 'g'), with: r.with }))
  }

  /** A value normaliser with its own UUID numbering; the given session ids become `{{sessionId}}`... */
  valueNormalizer(sessionIds: string[] = []): (value: Json) => Json {
    const uuids = new UuidNumbering()
    const port = portReplacer(this.context.port)
    const literals = literalReplacer([...sessionIdLiterals(sessionIds), ...this.context.paths])
    return (value) => {
      const string = (s: string): string => {
        let out = replaceTimes(uuids.replace(port(literals(s))))
        for (const rule of this.regexRules) out = out.replace(rule.pattern, rule.with)
        return out
      }
      let out = mapJson(value, { string, number: normalizeNumber })
      for (const rule of this.context.rules?.paths ?? []) out = replaceAtPath(out, rule.path.split('.'), rule.with as Json)
      return out
    }
  }

  /** The agent's stdout lines, normalised, one JSON text per line with a final newline. */
  transcript(log: WireMessage[]): string {
    const sessionIds = sessionIdsOf(log)
    const starts = new Map<string, unknown>()
    for (const w of log) {
      if (w.from === 'client' && kindOf(w.message) === 'request' && SESSION_STARTS.test(String(w.message.method))) {
        starts.set(JSON.stringify(w.message.id), paramsOf(w.message).sessionId)
      }
    }
    const arrived = canonicalizeAsyncUpdates(log, this.context.rules?.asyncUpdates ?? [], starts)
    const ordered = this.context.rules?.permissionRaces ? settlePermissionRaces(arrived) : arrived
    const agentLines = renumberIds(ordered.filter((w) => w.from === 'agent'))
    const normalize = this.valueNormalizer(sessionIds)
    return agentLines.map((w) => JSON.stringify(normalize(w.message)) + '\n').join('')
  }

  /** The agent's own log: JSON lines (non-JSON lines are kept as normalised text). */
  sessionLog(lines: string[], sessionIds: string[]): string {
    const normalize = this.valueNormalizer(sessionIds)
    return lines
      .map((line) => {
        try {
          return JSON.stringify(normalize(JSON.parse(line) as Json))
        } catch {
          return String(normalize(line))
        }
      })
      .map((l) => l + '\n')
      .join('')
  }
}

export type { Json } from './json-walk.js'
