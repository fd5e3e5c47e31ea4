// Agent settings read from the environment once at start-up. Plain parsing (no zod) keeps the
// initialize path free of schema construction.

export interface AgentConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
  sessionDir: string | undefined
  maxRetries: number
  retryBaseMs: number
  retryMaxMs: number
  stallTimeoutMs: number
  commandTimeoutMs: number
  maxSteps: number
  /** Throw on a session-log invariant violation instead of only reporting it on stderr. */
  strictLog: boolean
}

const DEFAULTS = {
  baseUrl: 'https://api.deepseek.com/v1',
  model: 'deepseek-chat',
  maxRetries: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  stallTimeoutMs: 60_000,
  commandTimeoutMs: 120_000,
  maxSteps: 50,
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`environment variable ${name}: expected an integer >= ${min}, got ${JSON.stringify(raw)}`)
  }
  return value
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  return {
    baseUrl: (text(env, 'OPENAI_BASE_URL') ?? DEFAULTS.baseUrl).replace(/\/+$/, ''),
    apiKey: text(env, 'OPENAI_API_KEY'),
    model: text(env, 'AGENT_MODEL') ?? DEFAULTS.model,
    sessionDir: text(env, 'AGENT_SESSION_DIR'),
    maxRetries: integer(env, 'AGENT_MAX_RETRIES', DEFAULTS.maxRetries, 0),
    retryBaseMs: integer(env, 'AGENT_RETRY_BASE_MS', DEFAULTS.retryBaseMs, 0),
    retryMaxMs: integer(env, 'AGENT_RETRY_MAX_MS', DEFAULTS.retryMaxMs, 0),
    stallTimeoutMs: integer(env, 'AGENT_STALL_TIMEOUT_MS', DEFAULTS.stallTimeoutMs, 1),
    commandTimeoutMs: integer(env, 'AGENT_COMMAND_TIMEOUT_MS', DEFAULTS.commandTimeoutMs, 1),
    maxSteps: integer(env, 'AGENT_MAX_STEPS', DEFAULTS.maxSteps, 1),
    strictLog: env.AGENT_LOG_STRICT === '1',
  }
}
