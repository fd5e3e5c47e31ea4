// @zed-industries/claude-agent-acp: Anthropic Messages wire; it spawns the Claude Code CLI, which reads
// its config dir from CLAUDE_CONFIG_DIR. The seeded plugin blocklist keeps it from fetching one.
import type { AgentConfig } from '../config.js'

export const claudeAgentAcpPreset: AgentConfig = {
  package: { name: '@zed-industries/claude-agent-acp' },
  command: 'node',
  args: ['{{agentPackage}}/dist/index.js'],
  wire: 'anthropic',
  baseUrlEnv: 'ANTHROPIC_BASE_URL',
  apiKeyEnv: 'ANTHROPIC_API_KEY',
  upstream: { baseUrl: 'https://api.anthropic.com', baseUrlEnv: 'ACP_SCENARIO_UPSTREAM_URL', apiKeyEnv: 'ANTHROPIC_API_KEY' },
  env: {
    // Claude Code runs its Bash tool in bash or zsh only, and names the shell in its system prompt.
    SHELL: '/bin/bash',
    CLAUDE_CONFIG_DIR: '{{home}}/.claude',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
  },
  homeFiles: {
    '.claude/plugins/blocklist.json': '{"fetchedAt":"2099-01-01T00:00:00.000Z","plugins":[]}\n',
  },
  startupTimeoutMs: 30_000,
  normalizers: {
    replace: [
      // Model requests: today's date, the host's kernel, the per-HOME device id, the cwd spelt as a project slug.
      { pattern: "(Today's date is )\\d{4}-\\d{2}-\\d{2}", with: '$1{{date}}' },
      { pattern: '(The current month is )[A-Z][a-z]+ \\d{4}', with: '$1{{month}}' },
      { pattern: '(OS Version: )[^\\n]+', with: '$1{{os}}' },
      { pattern: '("device_id":")[0-9a-f]{64}"', with: '$1{{deviceId}}"' },
      { pattern: '(\\.claude/projects/)[^/\\s`"]+', with: '$1{{cwdSlug}}' },
    ],
    // Sent once session/new has answered, racing the first prompt's updates.
    asyncUpdates: ['available_commands_update'],
    // The Write/Bash input update and the permission request for the same call race each other.
    permissionRaces: true,
  },
}
