import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLine, initialLogState } from '../../agent/log/invariants.js'
import type { LoggedLine } from '../../agent/log/events.js'
import { requestAt } from '../support/model-server.js'
import { useScriptedAgent } from '../support/scripted-agent.js'

const start = useScriptedAgent()

const readLog = (dir: string, sessionId: string): LoggedLine[] =>
  readFileSync(join(dir, `${sessionId}.jsonl`), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line))

describe('reference agent: sessions and the session log', () => {
  it('writes a log that holds its invariants, event by event', async () => {
    const { agent } = await start([
      // retry-after 0, so the logged retry delay is 0.
      { behaviour: 'rate_limit', retryAfter: 0 },
      { behaviour: 'tool_call_success', toolCalls: [{ id: 'call_w', name: 'write_file', arguments: { path: 'a.txt', content: 'A' } }] },
      { behaviour: 'reasoning_success', text: 'ok', reasoning: 'hm', chunkSize: 10 },
    ])
    agent.permissionAnswers.push('allow_once')
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'write')).stopReason).toBe('end_turn')
    const lines = readLog(agent.sessionDir, sessionId)
    let state = initialLogState()
    for (const line of lines) {
      const checked = checkLine(state, line)
      expect(checked.violation).toBeUndefined()
      state = checked.state
      expect(new Date(line.time).toISOString()).toBe(line.time)
    }
    expect(lines[0]).toMatchObject({ type: 'session', version: 1, sessionId, cwd: agent.cwd, model: 'deepseek-chat', seq: 0 })
    expect(lines.map((line) => line.type)).toEqual([
      'session',
      'turn/start',
      'step/start',
      'model/request',
      'model/retry',
      'model/request',
      'tool/call',
      'permission/asked',
      'permission/decided',
      'tool/result',
      'step/end',
      'step/start',
      'model/request',
      'assistant/reasoning',
      'assistant/text',
      'step/end',
      'turn/end',
    ])
    expect(lines.at(-1)).toMatchObject({ type: 'turn/end', turn: 1, reason: 'end_turn' })
    expect(lines.find((line) => line.type === 'model/retry')).toMatchObject({ attempt: 1, delayMs: 0 })
  })

  it('serves several sessions in one process, each with its own history and log', async () => {
    const { server, agent } = await start([
      { behaviour: 'success', text: 'one' },
      { behaviour: 'success', text: 'two' },
      { behaviour: 'success', text: 'three' },
    ])
    await agent.initialize()
    const first = await agent.newSession()
    const second = await agent.newSession()
    expect(first).not.toBe(second)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    await agent.prompt(first, 'hello first')
    await agent.prompt(second, 'hello second')
    await agent.prompt(first, 'again first')
    expect(agent.messageText(first)).toBe('onethree')
    expect(agent.messageText(second)).toBe('two')
    const userMessages = (index: number) => requestAt(server, index).messages.filter((m) => m.role === 'user').map((m) => m.content)
    const said = (text: string) => [{ type: 'text', text }]
    expect(userMessages(1)).toEqual([said('hello second')])
    expect(userMessages(2)).toEqual([said('hello first'), said('again first')])
    expect(readLog(agent.sessionDir, first).filter((line) => line.type === 'turn/end')).toHaveLength(2)
    expect(readLog(agent.sessionDir, second).filter((line) => line.type === 'turn/end')).toHaveLength(1)
  })

  it('rejects a relative cwd, an unknown session and a second prompt while one runs', async () => {
    const { agent } = await start([{ behaviour: 'slow_success', delayMs: 30, repeat: true }])
    await agent.initialize()
    await expect(agent.newSession('relative/dir')).rejects.toThrow(/cwd must be an absolute path/)
    await expect(agent.prompt('no-such-session', 'hi')).rejects.toThrow(/not found/i)
    const sessionId = await agent.newSession()
    const running = agent.prompt(sessionId, 'first')
    await expect(agent.prompt(sessionId, 'second')).rejects.toThrow(/already answering a prompt/)
    expect((await running).stopReason).toBe('end_turn')
  })
})
