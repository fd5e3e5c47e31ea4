// The peer agents' example project (test/peers) and how its tests run the CLI against it.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { execa } from 'execa'
import { CLI } from './compile-helpers.js'

export { CLI }
export const PEERS = resolve(import.meta.dirname, '../peers')
export const AGENTS = ['claude', 'codex', 'gemini'] as const
/** Scenarios per agent: a text turn, a permission allowed, the same rejected, a cancel. */
export const SCENARIOS_PER_AGENT = 4

export interface JsonReport {
  passed: number
  failed: number
  skipped: number
  scenarios: { name: string; agent: string; status: string; durationMs: number; failure?: { step: string; message: string; diff?: string } }[]
}

/** Fails (never skips) when the agents are not installed: CI installs them in .ci/run. */
export function requirePeers(): void {
  const missing = ['@zed-industries/claude-agent-acp', '@zed-industries/codex-acp', '@google/gemini-cli'].filter((p) => !existsSync(join(PEERS, 'node_modules', p, 'package.json')))
  if (missing.length) throw new Error(`the peer agents are not installed (${missing.join(', ')}): run test/peers/install.sh`)
}

export function parseReport(stdout: string): JsonReport {
  try {
    return JSON.parse(stdout) as JsonReport
  } catch {
    throw new Error(`the json reporter printed no JSON report:\n${stdout.slice(0, 2000)}`)
  }
}

/** Failed scenarios with their step, message and diff, for an assertion message. */
export function describeFailures(report: JsonReport): string {
  return report.scenarios
    .filter((s) => s.status !== 'passed')
    .map((s) => `${s.name} [${s.agent}] ${s.status} at ${s.failure?.step}: ${s.failure?.message}\n${s.failure?.diff ?? ''}`)
    .join('\n')
}

/** `acp-scenario run -C test/peers --workers 2 --reporter json`, bounded; `env` is laid over the test's own. */
export async function runPeers(extra: string[] = [], env: Record<string, string> = {}) {
  return execa('node', [CLI, '-C', PEERS, 'run', '--workers', '2', '--reporter', 'json', ...extra], { reject: false, timeout: 240_000, env })
}
