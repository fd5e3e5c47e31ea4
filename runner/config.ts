// acp-scenario.config.json5: its zod schema, loading, and the embedded defaults.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import JSON5 from 'json5'
import { z } from 'zod'
import { clientCapabilitiesSchema } from '../dsl/schema.js'
import { WIRE_NAMES } from '../dsl/names.js'
import { UsageError } from './errors.js'
import { locateJson5Key } from './json5-locate.js'
import { CHECK_NAMES, type CheckName } from './protocol-checks.js'
import { auxiliaryCallSchema } from './llm/auxiliary.js'
import { PRESETS } from './presets/index.js'

export const CONFIG_FILE = 'acp-scenario.config.json5'

/**
 * Strings in command, args, env and homeFiles may use placeholders filled per scenario run:
 * {{baseUrl}} (model server, no path), {{port}}, {{apiKey}}, {{home}}, {{cwd}}, {{logDir}}, {{tmp}}, {{packageRoot}};
 * and {{agentPackage}} in command and args of an entry that names its npm package.
 */
export const agentConfigSchema = z.strictObject({
  /** A named preset whose settings this entry extends (e.g. "reference", "codex-acp"). */
  preset: z.string().min(1).optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  wire: z.enum(WIRE_NAMES).optional(),
  /** Env var that receives the model base URL, and what to append to it (e.g. "/v1"). */
  baseUrlEnv: z.string().min(1).optional(),
  baseUrlPath: z.string().optional(),
  /** Env var that receives the API key: a dummy in replay, the real one in record. */
  apiKeyEnv: z.string().min(1).optional(),
  /** Record mode: the real upstream, and the env vars it is read from. */
  upstream: z
    .strictObject({
      baseUrl: z.string().url().optional(),
      baseUrlEnv: z.string().min(1).optional(),
      apiKeyEnv: z.string().min(1).optional(),
    })
    .optional(),
  /** Where the agent persists its own log: an env var pointing at a directory the runner creates. */
  sessionLog: z.strictObject({ dirEnv: z.string().min(1), glob: z.string().default('*.jsonl') }).optional(),
  /** Files written into the temp HOME before start: relative path -> contents (placeholders allowed). */
  homeFiles: z.record(z.string(), z.string()).optional(),
  clientCapabilities: clientCapabilitiesSchema.optional(),
  normalizers: z
    .strictObject({
      /** Regex replacements applied to every normalised string. */
      replace: z.array(z.strictObject({ pattern: z.string(), flags: z.string().optional(), with: z.string() })).optional(),
      /** Replace values at JSON paths (dot paths, `*` for any key or index). */
      paths: z.array(z.strictObject({ path: z.string(), with: z.unknown() })).optional(),
      /** session/update kinds that arrive asynchronously; moved to a canonical position. */
      asyncUpdates: z.array(z.string()).optional(),
      /** A tool call's status-less tool_call_update that races its permission request is placed before the request. */
      permissionRaces: z.boolean().optional(),
    })
    .optional(),
  /** Protocol checks reported as warnings instead of failures, by name. */
  warnChecks: z.array(z.enum(CHECK_NAMES)).optional(),
  /** Watch mode: agent source globs (relative to the project root) and a build command to run first. */
  watch: z.strictObject({ sources: z.array(z.string()).optional(), build: z.string().optional() }).optional(),
  startupTimeoutMs: z.number().int().positive().optional(),
  /** The agent's npm package, found from the project root at launch; `{{agentPackage}}` is its directory. `install` names what to npm install when it is absent. */
  package: z.strictObject({ name: z.string().min(1), install: z.string().min(1).optional() }).optional(),
  /** Side calls the model server answers itself, outside positional replay (e.g. gemini-cli's routing classifier). */
  auxiliaryCalls: z.array(auxiliaryCallSchema).optional(),
})
export type AgentConfig = z.infer<typeof agentConfigSchema>

export const configSchema = z.strictObject({
  scenarios: z.string().min(1).default('scenarios'),
  generated: z.string().min(1).default('generated'),
  defaultAgent: z.string().min(1).default('reference'),
  workers: z.number().int().positive().optional(),
  timeoutMs: z.number().int().positive().optional(),
  agents: z.record(z.string(), agentConfigSchema).default({}),
})
export type Config = z.infer<typeof configSchema>

export interface ResolvedConfig extends Config {
  root: string
  /** Absolute paths. */
  scenariosDir: string
  generatedDir: string
  /** The config file, when one was found. */
  file?: string
}

const issuePath = (path: PropertyKey[]): string => path.map(String).join('.') || '(top level)'

/** Loads the project's config, or the embedded defaults when there is none. */
export function loadConfig(root: string): ResolvedConfig {
  const file = resolve(root, CONFIG_FILE)
  let raw: unknown = {}
  let text = ''
  if (existsSync(file)) {
    text = readFileSync(file, 'utf8')
    try {
      raw = JSON5.parse(text)
    } catch (error) {
      const e = error as Error & { lineNumber?: number; columnNumber?: number }
      const where = e.lineNumber ? `:${e.lineNumber}:${e.columnNumber ?? 1}` : ''
      throw new UsageError(`${CONFIG_FILE}${where}: not valid JSON5: ${e.message}`)
    }
  }
  const parsed = configSchema.safeParse(raw)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const line = locateJson5Key(text, i.path)
      return `  ${CONFIG_FILE}${line ? `:${line}` : ''}: ${issuePath(i.path)}: ${i.message}`
    })
    throw new UsageError(`${CONFIG_FILE}: invalid configuration\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    root,
    scenariosDir: resolve(root, parsed.data.scenarios),
    generatedDir: resolve(root, parsed.data.generated),
    ...(existsSync(file) ? { file } : {}),
  }
}

/** This package's root (holds dist/): `{{packageRoot}}` in agent commands. */
export { PACKAGE_ROOT } from '../dsl/package-root.js'

/** An agent entry with its preset applied and the fields the runner needs filled in. */
export interface ResolvedAgent extends AgentConfig {
  name: string
  command: string
  args: string[]
  env: Record<string, string>
  wire: NonNullable<AgentConfig['wire']>
  warnChecks: CheckName[]
  startupTimeoutMs: number
}

const mergeNormalizers = (a: AgentConfig['normalizers'], b: AgentConfig['normalizers']): AgentConfig['normalizers'] =>
  a || b
    ? {
        replace: [...(a?.replace ?? []), ...(b?.replace ?? [])],
        paths: [...(a?.paths ?? []), ...(b?.paths ?? [])],
        asyncUpdates: [...(a?.asyncUpdates ?? []), ...(b?.asyncUpdates ?? [])],
        ...((b?.permissionRaces ?? a?.permissionRaces) === undefined ? {} : { permissionRaces: b?.permissionRaces ?? a?.permissionRaces }),
      }
    : undefined

/** The named agent: the config's entry over its preset, or a bare preset name when the config has no such entry. */
export function resolveAgent(config: Config, name: string): ResolvedAgent {
  const entry = config.agents[name] ?? (PRESETS[name] ? { preset: name } : undefined)
  if (!entry) {
    const known = [...new Set([...Object.keys(config.agents), ...Object.keys(PRESETS)])].sort().join(', ')
    throw new UsageError(`unknown agent "${name}" (configured or preset agents: ${known})`)
  }
  const presetName = entry.preset
  const preset = presetName === undefined ? {} : PRESETS[presetName]
  if (!preset) {
    throw new UsageError(`${CONFIG_FILE}: agents.${name}.preset: unknown preset "${presetName}" (known: ${Object.keys(PRESETS).join(', ')})`)
  }
  const merged: AgentConfig = {
    ...preset,
    ...entry,
    env: { ...preset.env, ...entry.env },
    homeFiles: { ...preset.homeFiles, ...entry.homeFiles },
    normalizers: mergeNormalizers(preset.normalizers, entry.normalizers),
  }
  if (!merged.command) throw new UsageError(`${CONFIG_FILE}: agents.${name}: needs a command (or a preset)`)
  if (!merged.wire) throw new UsageError(`${CONFIG_FILE}: agents.${name}: needs a wire format (openai-chat, openai-responses, anthropic, gemini)`)
  return {
    ...merged,
    name,
    command: merged.command,
    args: merged.args ?? [],
    env: merged.env ?? {},
    wire: merged.wire,
    warnChecks: merged.warnChecks ?? [],
    startupTimeoutMs: merged.startupTimeoutMs ?? 10_000,
  }
}
