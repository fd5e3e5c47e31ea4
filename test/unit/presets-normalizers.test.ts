// Each preset's normaliser rules on samples of what its agent really sends, through the runner's Normalizer.
import { describe, expect, it } from 'vitest'
import { Normalizer, type Json } from '../../runner/normalize/index.js'
import { claudeAgentAcpPreset } from '../../runner/presets/claude-agent-acp.js'
import { codexAcpPreset } from '../../runner/presets/codex-acp.js'
import { geminiCliPreset } from '../../runner/presets/gemini-cli.js'
import type { AgentConfig } from '../../runner/config.js'

const normalize = (preset: AgentConfig, value: Json): Json =>
  new Normalizer({ paths: [{ value: '/tmp/acp-scenario-x-AbC123/home', placeholder: '{{home}}' }], rules: preset.normalizers }).valueNormalizer()(value)

describe('preset normalisers', () => {
  it('claude-agent-acp: date, kernel, device id and the cwd slug in model requests', () => {
    const system = [
      "Today's date is 2026-11-30.",
      ' - OS Version: Linux 6.18.44-fc-v857',
      'memory at `/tmp/acp-scenario-x-AbC123/home/.claude/projects/-tmp-acp-scenario-x-AbC123-cwd/memory/`.',
    ].join('\n')
    const userId = JSON.stringify({ device_id: 'ab'.repeat(32), account_uuid: '', session_id: 's' })
    expect(normalize(claudeAgentAcpPreset, { system, metadata: { user_id: userId } })).toEqual({
      system: ["Today's date is {{date}}.", ' - OS Version: {{os}}', 'memory at `{{home}}/.claude/projects/{{cwdSlug}}/memory/`.'].join('\n'),
      metadata: { user_id: JSON.stringify({ device_id: '{{deviceId}}', account_uuid: '', session_id: 's' }) },
    })
  })

  it('codex-acp: pid and duration in tool call payloads, chunk id and wall time in command results', () => {
    const update = { params: { update: { rawOutput: { process_id: '96052', duration: { secs: 0, nanos: 10205 }, exit_code: 0 } } } }
    expect(normalize(codexAcpPreset, update)).toEqual({ params: { update: { rawOutput: { process_id: '{{pid}}', duration: '{{duration}}', exit_code: 0 } } } })
    expect(normalize(codexAcpPreset, 'Chunk ID: 8bdca7\nWall time: 0.0012 seconds\nProcess exited with code 0')).toBe(
      'Chunk ID: {{chunkId}}\nWall time: {{seconds}} seconds\nProcess exited with code 0',
    )
  })

  it('codex-acp and gemini-cli: the local date (and zone) in model requests', () => {
    expect(normalize(codexAcpPreset, '<current_date>2026-11-29</current_date>\n  <timezone>Pacific/Honolulu</timezone>')).toBe('<current_date>{{date}}</current_date>\n  <timezone>{{timezone}}</timezone>')
    expect(normalize(geminiCliPreset, "Today's date is Sunday, November 29, 2026 (formatted according to the user's locale).")).toBe(
      "Today's date is {{date}} (formatted according to the user's locale).",
    )
    expect(normalize(claudeAgentAcpPreset, 'The current month is November 2026. You MUST')).toBe('The current month is {{month}}. You MUST')
  })

  it('gemini-cli: the quota metadata of a prompt response', () => {
    const response = { id: 3, result: { stopReason: 'end_turn', _meta: { quota: { model_usage: [{ model: 'gemini-2.5-pro' }] } } } }
    expect(normalize(geminiCliPreset, response)).toEqual({ id: 3, result: { stopReason: 'end_turn', _meta: { quota: '{{quota}}' } } })
  })

  it('every preset moves available_commands_update to a canonical place', () => {
    for (const preset of [claudeAgentAcpPreset, codexAcpPreset, geminiCliPreset]) expect(preset.normalizers?.asyncUpdates).toContain('available_commands_update')
  })
})
