// @google/gemini-cli in ACP mode: Gemini wire. Before each streamed turn it asks a lite model to classify
// the prompt's complexity (a JSON-mode generateContent); the server answers that itself, see auxiliaryCalls.
import type { AgentConfig } from '../config.js'

const SETTINGS = {
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  telemetry: { enabled: false },
  // Its bundled skills are listed to the model in directory order, which differs between installs.
  skills: { enabled: false },
}

export const geminiCliPreset: AgentConfig = {
  package: { name: '@google/gemini-cli' },
  command: 'node',
  args: ['{{agentPackage}}/bundle/gemini.js', '--experimental-acp'],
  wire: 'gemini',
  baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL',
  apiKeyEnv: 'GEMINI_API_KEY',
  upstream: { baseUrl: 'https://generativelanguage.googleapis.com', baseUrlEnv: 'ACP_SCENARIO_UPSTREAM_URL', apiKeyEnv: 'GEMINI_API_KEY' },
  env: { GEMINI_CLI_NO_RELAUNCH: 'true' },
  homeFiles: { '.gemini/settings.json': JSON.stringify(SETTINGS, null, 2) + '\n' },
  // With fs on, it routes writes through the client and mishandles not-found for new files.
  clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
  auxiliaryCalls: [
    {
      name: 'routing-classifier',
      path: ':generateContent$',
      text: JSON.stringify({ complexity_reasoning: 'A scripted scenario turn.', complexity_score: 10 }),
    },
  ],
  startupTimeoutMs: 30_000,
  normalizers: {
    // The first user message of every request states the local date.
    replace: [{ pattern: "(Today's date is )[^(\\n]+?( \\(formatted)", with: '$1{{date}}$2' }],
    // Per-model token counts of the turn, keyed by whichever model the router picked.
    paths: [{ path: 'result._meta.quota', with: '{{quota}}' }],
    asyncUpdates: ['available_commands_update'],
  },
  // It asks permission for a tool call it never announced, then updates that call: reported, not failed.
  warnChecks: ['tool-call-order'],
}
