// Turns a builder draft into a validated input.json value and its canonical text. Pure.
import type { RawSite } from './callsite.js'
import type { Draft, SettingKey, Sited } from './draft.js'
import { parseAt, type CompileProblem } from './problems.js'
import { inputSchema, type ScenarioInput } from './schema.js'

/** Maps a raw (bundle) call site to `file:line:col` in the project, or undefined when unknown. */
export type SiteMapper = (site: RawSite | undefined) => string | undefined

export interface AssembleContext {
  /** The scenario file, project-relative with forward slashes. */
  source: string
  mapSite: SiteMapper
  /** Rewrites `workspace.dir` (written relative to the scenario file) to be project-relative. */
  resolveDir: (dir: string) => string
}

export type Assembled = { ok: true; input: ScenarioInput; json: string } | { ok: false; problems: CompileProblem[] }

const withAt = <T extends object>(items: ReadonlyArray<Sited<T>>, ctx: AssembleContext) =>
  items.map(({ value, site }) => {
    const at = ctx.mapSite(site)
    return at ? { ...value, at } : value
  })

/** Deterministic text: the schema's key order (zod rebuilds objects in shape order), 2 spaces, final newline. */
export const canonicalJson = (input: ScenarioInput): string => `${JSON.stringify(input, null, 2)}\n`

const ARRAYS = ['steps', 'llm', 'permissionAnswers'] as const

export function assemble(draft: Draft, ctx: AssembleContext): Assembled {
  const { workspace, ...settings } = draft.settings
  const raw = {
    source: ctx.source,
    ...settings,
    ...(workspace ? { workspace: workspace.dir ? { ...workspace, dir: ctx.resolveDir(workspace.dir) } : workspace } : {}),
    ...(draft.llm.length ? { llm: withAt(draft.llm, ctx) } : {}),
    steps: withAt(draft.steps, ctx),
    ...(draft.permissionAnswers.length ? { permissionAnswers: withAt(draft.permissionAnswers, ctx) } : {}),
  }
  const parsed = inputSchema.safeParse(raw)
  if (parsed.success) return { ok: true, input: parsed.data, json: canonicalJson(parsed.data) }

  const fallback = { file: ctx.source, line: 1, col: 1 }
  const problems = parsed.error.issues.map((issue): CompileProblem => {
    const [head, index] = issue.path
    const item = ARRAYS.includes(head as (typeof ARRAYS)[number]) && typeof index === 'number'
      ? (raw[head as (typeof ARRAYS)[number]] as Array<{ at?: string; op?: string }> | undefined)?.[index]
      : undefined
    const at = item?.at ?? ctx.mapSite(draft.settingSites[head as SettingKey])
    const where = (at && parseAt(at)) || fallback
    const what = issue.path.length ? issue.path.map(String).join('.') : 'scenario'
    const message =
      head === 'steps' && issue.path.length === 1 && issue.code === 'too_small'
        ? 'expected at least one step (e.g. initialize().newSession().prompt(...))'
        : `${item?.op ? `${item.op}: ` : ''}${what}: ${issue.message}`
    return { ...where, message }
  })
  return { ok: false, problems }
}
