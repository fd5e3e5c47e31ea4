// The scenario builder: an immutable chain whose type tracks whether a session exists yet.
import { captureSite, type RawSite } from './callsite.js'
import { defined } from './defined.js'
import { DRAFT, ENTRY_SITE, emptyDraft, type Draft, type DraftPermission, type DraftStep, type SettingKey } from './draft.js'
import type { PermissionKind } from './names.js'
import type { ClientCapabilities, ContentBlock, LlmEntry, WorkspaceSetting } from './types.js'

export interface StepOptions {
  /** How long this step may take before the run fails (default: the runner's wait timeout). */
  timeoutMs?: number
}
export interface FileWait {
  path: string
  timeoutMs?: number
}
export type PermissionAnswer = PermissionKind | { optionId: string }

/** Calls available at any point of a chain: settings, permission answers and scripted model calls. */
export interface Settings<Self> {
  description(text: string): Self
  /** The configured agent this scenario runs against (default: the config's defaultAgent). */
  agent(name: string): Self
  tags(...tags: string[]): Self
  /** Whole-scenario timeout in milliseconds. */
  timeout(ms: number): Self
  /** Client capabilities to advertise in `initialize` (merged across calls). */
  capabilities(capabilities: ClientCapabilities): Self
  /** Seed the agent's temp cwd: inline files and/or a folder relative to this scenario file (merged across calls). */
  workspace(workspace: WorkspaceSetting): Self
  /** Queue the answer to the next permission request (first in, first out). */
  permit(answer: PermissionAnswer): Self
  /** Append scripted model calls, served in call order: `reply()`, `toolCall()`, `behaviour()`... */
  llm(...entries: LlmEntry[]): Self
}

/** Before a session exists: only session creation and settings. */
export interface BeforeSession extends Settings<BeforeSession> {
  newSession(options?: StepOptions): InSession
  newSessionExpectError(options?: StepOptions & { additionalDirectories?: string[] }): BeforeSession
}

/** With a session: prompts, cancels and waits. */
export interface InSession extends Settings<InSession> {
  newSession(options?: StepOptions): InSession
  newSessionExpectError(options?: StepOptions & { additionalDirectories?: string[] }): InSession
  prompt(text: string, options?: StepOptions): InSession
  promptContent(content: ContentBlock[], options?: StepOptions): InSession
  promptAndWaitForAgentMessage(text: string, waitForText: string, options?: StepOptions): InSession
  promptExpectError(text: string, options?: StepOptions): InSession
  /** Prompt, then cancel once `waitForFile` appears in the cwd (or right away). */
  promptAndCancel(text: string, options?: StepOptions & { waitForFile?: string | FileWait }): InSession
  /** Prompt, then cancel after the agent has streamed `chunks` message chunks. */
  promptAndCancelAfterChunks(text: string, chunks: number, options?: StepOptions): InSession
  cancel(options?: StepOptions & { waitForFile?: string | FileWait }): InSession
  waitForFile(path: string, options?: StepOptions): InSession
  waitForTurnStart(options?: StepOptions & { minimumTurn?: number }): InSession
  waitForTurnEnd(options?: StepOptions): InSession
  waitForSubagentTurnEnd(options?: StepOptions & { child?: number; minimumTurn?: number }): InSession
  waitForGoalPhase(phase: string, options?: StepOptions): InSession
  waitForInboxMessage(text: string, options?: StepOptions): InSession
  waitForTitleAfterTurnEnd(options?: StepOptions): InSession
  waitForEventAfterTurnEnd(type: string, options?: StepOptions): InSession
  /** Wait until an agent message chunk stream contains `text`. */
  waitForAgentMessage(text: string, options?: StepOptions): InSession
  /** Wait for a tool call matching an ACP tool kind and/or title. */
  waitForToolCall(match: { kind?: string; title?: string }, options?: StepOptions): InSession
}

const fileWait = (wait: string | FileWait | undefined): FileWait | undefined =>
  typeof wait === 'string' ? { path: wait } : wait

/** One class serves both chain types; the interfaces above decide what a caller may see. */
class Chain {
  readonly [DRAFT]: Draft
  constructor(draft: Draft) {
    this[DRAFT] = draft
  }

  #with(patch: Partial<Draft>): Chain {
    return new Chain({ ...this[DRAFT], ...patch })
  }
  #step(op: string, fields: Record<string, unknown>, options: StepOptions | undefined): Chain {
    const value = defined({ op, timeoutMs: options?.timeoutMs, ...fields }) as DraftStep
    return this.#with({ steps: [...this[DRAFT].steps, { value, site: captureSite() }] })
  }
  #setting<K extends SettingKey>(key: K, merge: (old: Draft['settings'][K]) => Draft['settings'][K]): Chain {
    const { settings, settingSites } = this[DRAFT]
    return this.#with({
      settings: { ...settings, [key]: merge(settings[key]) },
      settingSites: { ...settingSites, [key]: captureSite() },
    })
  }

  description(text: string): Chain {
    return this.#setting('description', () => text)
  }
  agent(name: string): Chain {
    return this.#setting('agent', () => name)
  }
  tags(...tags: string[]): Chain {
    return this.#setting('tags', (old = []) => [...new Set([...old, ...tags])])
  }
  timeout(ms: number): Chain {
    return this.#setting('timeoutMs', () => ms)
  }
  capabilities(capabilities: ClientCapabilities): Chain {
    return this.#setting('clientCapabilities', (old = {}) => ({
      ...old,
      ...capabilities,
      ...(old.fs || capabilities.fs ? { fs: { ...old.fs, ...capabilities.fs } } : {}),
    }))
  }
  workspace(workspace: WorkspaceSetting): Chain {
    return this.#setting('workspace', (old = {}) => ({
      ...old,
      ...workspace,
      ...(old.files || workspace.files ? { files: { ...old.files, ...workspace.files } } : {}),
    }))
  }
  permit(answer: PermissionAnswer): Chain {
    const value: DraftPermission = typeof answer === 'string' ? { kind: answer } : { optionId: answer.optionId }
    return this.#with({ permissionAnswers: [...this[DRAFT].permissionAnswers, { value, site: captureSite() }] })
  }
  llm(...entries: LlmEntry[]): Chain {
    const here = captureSite()
    const sited = entries.map((entry) => ({
      value: { ...entry },
      site: (entry as { [ENTRY_SITE]?: RawSite })[ENTRY_SITE] ?? here,
    }))
    return this.#with({ llm: [...this[DRAFT].llm, ...sited] })
  }

  initialize(options?: StepOptions & { terminalOutput?: boolean }): Chain {
    return this.#step('initialize', { terminalOutput: options?.terminalOutput }, options)
  }
  newSession(options?: StepOptions): Chain {
    return this.#step('newSession', {}, options)
  }
  newSessionExpectError(options?: StepOptions & { additionalDirectories?: string[] }): Chain {
    return this.#step('newSessionExpectError', { additionalDirectories: options?.additionalDirectories }, options)
  }
  prompt(text: string, options?: StepOptions): Chain {
    return this.#step('prompt', { text }, options)
  }
  promptContent(content: ContentBlock[], options?: StepOptions): Chain {
    return this.#step('promptContent', { content }, options)
  }
  promptAndWaitForAgentMessage(text: string, waitForText: string, options?: StepOptions): Chain {
    return this.#step('promptAndWaitForAgentMessage', { text, waitForText }, options)
  }
  promptExpectError(text: string, options?: StepOptions): Chain {
    return this.#step('promptExpectError', { text }, options)
  }
  promptAndCancel(text: string, options?: StepOptions & { waitForFile?: string | FileWait }): Chain {
    return this.#step('promptAndCancel', { text, waitForFile: fileWait(options?.waitForFile) }, options)
  }
  promptAndCancelAfterChunks(text: string, chunks: number, options?: StepOptions): Chain {
    return this.#step('promptAndCancelAfterChunks', { text, chunks }, options)
  }
  cancel(options?: StepOptions & { waitForFile?: string | FileWait }): Chain {
    return this.#step('cancel', { waitForFile: fileWait(options?.waitForFile) }, options)
  }
  waitForFile(path: string, options?: StepOptions): Chain {
    return this.#step('waitForFile', { path }, options)
  }
  waitForTurnStart(options?: StepOptions & { minimumTurn?: number }): Chain {
    return this.#step('waitForTurnStart', { minimumTurn: options?.minimumTurn }, options)
  }
  waitForTurnEnd(options?: StepOptions): Chain {
    return this.#step('waitForTurnEnd', {}, options)
  }
  waitForSubagentTurnEnd(options?: StepOptions & { child?: number; minimumTurn?: number }): Chain {
    return this.#step('waitForSubagentTurnEnd', { child: options?.child, minimumTurn: options?.minimumTurn }, options)
  }
  waitForGoalPhase(phase: string, options?: StepOptions): Chain {
    return this.#step('waitForGoalPhase', { phase }, options)
  }
  waitForInboxMessage(text: string, options?: StepOptions): Chain {
    return this.#step('waitForInboxMessage', { text }, options)
  }
  waitForTitleAfterTurnEnd(options?: StepOptions): Chain {
    return this.#step('waitForTitleAfterTurnEnd', {}, options)
  }
  waitForEventAfterTurnEnd(type: string, options?: StepOptions): Chain {
    return this.#step('waitForEventAfterTurnEnd', { type }, options)
  }
  waitForAgentMessage(text: string, options?: StepOptions): Chain {
    return this.#step('waitForAgentMessage', { text }, options)
  }
  waitForToolCall(match: { kind?: string; title?: string }, options?: StepOptions): Chain {
    return this.#step('waitForToolCall', { kind: match.kind, title: match.title }, options)
  }
}

/** The usual start: an ACP `initialize` step; call `.newSession()` next. */
export function initialize(options?: StepOptions & { terminalOutput?: boolean }): BeforeSession {
  return new Chain(emptyDraft()).initialize(options)
}

/**
 * A chain with no handshake steps that starts as if a session were ready: for inputs that drive an
 * agent already initialised outside the script (DeepSeek Harness's headless inputs begin with
 * `prompt`). Named for that mode rather than e.g. `session()`, which would suggest it creates one.
 */
export function headless(): InSession {
  return new Chain(emptyDraft())
}
