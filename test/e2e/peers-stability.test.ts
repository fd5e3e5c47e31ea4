// Each preset's example scenarios replay from their committed fixtures, five times in a row with two
// workers, and on a host set up unlike the machine that recorded them.
import { describe, expect, it } from 'vitest'
import { execa } from 'execa'
import { AGENTS, CLI, describeFailures, parseReport, PEERS, requirePeers, runPeers, SCENARIOS_PER_AGENT } from './peers-helpers.js'

const RUNS = 5

describe('peer agent presets: repeated replay', () => {
  it('the peers project is compiled and its fixtures are complete', async () => {
    requirePeers()
    const check = await execa('node', [CLI, '-C', PEERS, 'check'], { reject: false, timeout: 60_000 })
    expect(check.exitCode, `${check.stdout}\n${check.stderr}`).toBe(0)
  })

  it(`every scenario of every preset passes ${RUNS} runs in a row with 2 workers`, { timeout: RUNS * 240_000 }, async () => {
    requirePeers()
    for (let run = 1; run <= RUNS; run++) {
      const result = await runPeers()
      const report = parseReport(result.stdout)
      expect(report.failed, `run ${run} of ${RUNS}:\n${describeFailures(report)}\n${result.stderr.slice(-2000)}`).toBe(0)
      expect(result.exitCode).toBe(0)
      for (const agent of AGENTS) {
        expect(report.scenarios.filter((s) => s.agent === agent && s.status === 'passed')).toHaveLength(SCENARIOS_PER_AGENT)
      }
    }
  })

  it('replays on a host whose shell, locale and time zone differ from the recording machine', { timeout: 240_000 }, async () => {
    requirePeers()
    // UTC+14 puts the local date a day ahead of UTC for most of the day.
    const result = await runPeers([], { SHELL: '/usr/bin/zsh', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', TZ: 'Pacific/Kiritimati', TERM: 'xterm-256color' })
    const report = parseReport(result.stdout)
    expect(report.failed, `${describeFailures(report)}\n${result.stderr.slice(-2000)}`).toBe(0)
    expect(report.passed).toBe(AGENTS.length * SCENARIOS_PER_AGENT)
  })
})
