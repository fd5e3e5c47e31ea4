// What a builder chain accumulates before compilation: values plus the raw call site of each.
import type { RawSite } from './callsite.js'
import type { PermissionKind } from './names.js'
import type { ClientCapabilities, LlmEntry, WorkspaceSetting } from './types.js'

export interface Sited<T> {
  value: T
  site: RawSite | undefined
}

/** A step as the builder records it: op plus fields, `at` is added by the compiler. */
export type DraftStep = { op: string; timeoutMs?: number | undefined } & Record<string, unknown>
export type DraftPermission = { kind: PermissionKind } | { optionId: string }

export interface DraftSettings {
  description?: string
  agent?: string
  tags?: string[]
  timeoutMs?: number
  clientCapabilities?: ClientCapabilities
  workspace?: WorkspaceSetting
}
export type SettingKey = keyof DraftSettings

export interface Draft {
  settings: DraftSettings
  settingSites: Partial<Record<SettingKey, RawSite>>
  steps: ReadonlyArray<Sited<DraftStep>>
  permissionAnswers: ReadonlyArray<Sited<DraftPermission>>
  llm: ReadonlyArray<Sited<LlmEntry>>
}

/** Registered symbols, so a bundled copy of the DSL and the compiler's copy still recognise each other. */
export const DRAFT = Symbol.for('acp-scenario.draft')
export const ENTRY_SITE = Symbol.for('acp-scenario.entry-site')

export const emptyDraft = (): Draft => ({ settings: {}, settingSites: {}, steps: [], permissionAnswers: [], llm: [] })

/** The draft behind a scenario's default export, or undefined when it is not a builder chain. */
export function draftOf(value: unknown): Draft | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const draft = (value as { [DRAFT]?: unknown })[DRAFT]
  return typeof draft === 'object' && draft !== null ? (draft as Draft) : undefined
}
