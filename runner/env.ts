// The agent's environment: a short allow-list from the runner's own environment, never keys, tokens
// or proxies; host settings that agents echo into prompts pinned to fixed values; then the agent
// config's env with placeholders filled; then the model base URL and key.
import type { ResolvedAgent } from './config.js'
import { fillPlaceholders, type Placeholders } from './sandbox.js'

/** Inherited as-is: what a process needs to find programs, nothing that carries credentials. */
const INHERITED = ['PATH', 'USER', 'LOGNAME', 'SYSTEMROOT', 'COMSPEC', 'PATHEXT', 'WINDIR']

/**
 * Pinned whatever the host says: agents put these in their system prompts and dates (Claude Code's
 * "Shell:", codex's timezone), so inheriting them made a fixture recorded on a laptop fail in CI.
 * /bin/sh is the one shell POSIX promises; an agent that needs another sets SHELL in its env.
 */
const PINNED: Record<string, string> = { SHELL: '/bin/sh', LANG: 'C.UTF-8', TZ: 'UTC' }

export interface AgentEnvOptions {
  agent: ResolvedAgent
  placeholders: Placeholders
  /** The loopback model server, no path. */
  baseUrl: string
  parent?: NodeJS.ProcessEnv
}

export function agentEnv({ agent, placeholders, baseUrl, parent = process.env }: AgentEnvOptions): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of INHERITED) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  Object.assign(env, PINNED)
  env.HOME = placeholders.home
  env.USERPROFILE = placeholders.home
  env.TMPDIR = placeholders.tmp
  env.NO_COLOR = '1'
  for (const [name, value] of Object.entries(agent.env)) env[name] = fillPlaceholders(value, placeholders)
  if (agent.baseUrlEnv) env[agent.baseUrlEnv] = baseUrl + (agent.baseUrlPath ?? '')
  if (agent.apiKeyEnv) env[agent.apiKeyEnv] = placeholders.apiKey
  if (agent.sessionLog) env[agent.sessionLog.dirEnv] = placeholders.logDir
  return env
}
