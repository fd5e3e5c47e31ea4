// @zed-industries/codex-acp: a native binary from the per-platform package, OpenAI Responses wire, a
// custom provider in $CODEX_HOME/config.toml (the built-in one tries a WebSocket first). Commands run
// unsandboxed (bubblewrap is often absent) and untrusted, so every tool call asks for permission.
import type { AgentConfig } from '../config.js'

const CONFIG_TOML = `model = "gpt-5.4"
model_provider = "acp-scenario"
approval_policy = "untrusted"
sandbox_mode = "danger-full-access"

[model_providers.acp-scenario]
name = "acp-scenario"
base_url = "{{baseUrl}}/v1"
env_key = "ACP_SCENARIO_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
`

export const codexAcpPreset: AgentConfig = {
  package: { name: '@zed-industries/codex-acp-{{platform}}-{{arch}}', install: '@zed-industries/codex-acp' },
  command: '{{agentPackage}}/bin/codex-acp',
  wire: 'openai-responses',
  apiKeyEnv: 'ACP_SCENARIO_API_KEY',
  upstream: { baseUrl: 'https://api.openai.com', baseUrlEnv: 'ACP_SCENARIO_UPSTREAM_URL', apiKeyEnv: 'OPENAI_API_KEY' },
  env: { CODEX_HOME: '{{home}}/.codex' },
  homeFiles: { '.codex/config.toml': CONFIG_TOML },
  startupTimeoutMs: 20_000,
  normalizers: {
    // Model requests: the environment context, and command results naming a random output chunk and the wall time.
    replace: [
      // The environment context of every request: the local date and time zone.
      { pattern: '(<current_date>)[^<]*(</current_date>)', with: '$1{{date}}$2' },
      { pattern: '(<timezone>)[^<]*(</timezone>)', with: '$1{{timezone}}$2' },
      { pattern: '(Chunk ID: )[0-9a-f]+', with: '$1{{chunkId}}' },
      { pattern: '(Wall time: )\\d+(?:\\.\\d+)?( seconds)', with: '$1{{seconds}}$2' },
    ],
    // Tool calls carry the shell's pid and the command's run time.
    paths: [
      { path: 'params.*.rawInput.process_id', with: '{{pid}}' },
      { path: 'params.*.rawOutput.process_id', with: '{{pid}}' },
      { path: 'params.*.rawOutput.duration', with: '{{duration}}' },
    ],
    // Its ordering against session/new and the first turn varies; it may even follow a prompt's response.
    asyncUpdates: ['available_commands_update'],
  },
}
