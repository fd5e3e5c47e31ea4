// Named agent presets a config entry may extend with `preset: "<name>"`.
import type { AgentConfig } from '../config.js'
import { claudeAgentAcpPreset } from './claude-agent-acp.js'
import { codexAcpPreset } from './codex-acp.js'
import { geminiCliPreset } from './gemini-cli.js'
import { referencePreset } from './reference.js'

export const PRESETS: Readonly<Record<string, AgentConfig>> = {
  reference: referencePreset,
  'claude-agent-acp': claudeAgentAcpPreset,
  'codex-acp': codexAcpPreset,
  'gemini-cli': geminiCliPreset,
}
