// The bundled reference agent (agent/): OpenAI chat wire, its own session log, short retry and stall delays.
import type { AgentConfig } from '../config.js'

export const referencePreset: AgentConfig = {
  command: 'node',
  args: ['{{packageRoot}}/dist/bin/acp-reference-agent.js'],
  wire: 'openai-chat',
  baseUrlEnv: 'OPENAI_BASE_URL',
  baseUrlPath: '/v1',
  apiKeyEnv: 'OPENAI_API_KEY',
  upstream: { baseUrl: 'https://api.deepseek.com', baseUrlEnv: 'ACP_SCENARIO_UPSTREAM_URL', apiKeyEnv: 'DEEPSEEK_API_KEY' },
  sessionLog: { dirEnv: 'AGENT_SESSION_DIR', glob: '*.jsonl' },
  env: {
    AGENT_MAX_RETRIES: '3',
    AGENT_RETRY_BASE_MS: '10',
    AGENT_RETRY_MAX_MS: '50',
    AGENT_STALL_TIMEOUT_MS: '1500',
  },
  watch: { sources: ['agent/**/*.ts'], build: 'npm run build' },
}
