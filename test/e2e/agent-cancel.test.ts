import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LlmEntry } from '../../dsl/schema.js'
import { toolResults } from '../support/model-server.js'
import { useScriptedAgent } from '../support/scripted-agent.js'

const startScripted = useScriptedAgent()

const after: LlmEntry = { behaviour: 'success', text: 'Still here.', repeat: true }

/** Resolves when `test` holds, polling; rejects after `timeoutMs`. */
async function until(test: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function start(entries: LlmEntry[], env: Record<string, string> = {}) {
  const { server, agent } = await startScripted(entries, env)
  await agent.initialize()
  return { agent, server, sessionId: await agent.newSession() }
}

describe('reference agent: cancel', () => {
  it('mid-stream: aborts the model stream and answers cancelled', async () => {
    const { agent, sessionId } = await start([{ behaviour: 'slow_success', text: 'a'.repeat(200), chunkSize: 1, delayMs: 50 }, after])
    const turn = agent.prompt(sessionId, 'talk slowly')
    await until(() => agent.messageText(sessionId).length > 0, 'the first chunk')
    await agent.agent.notify('session/cancel', { sessionId })
    expect(await turn).toEqual({ stopReason: 'cancelled' })
    expect(agent.messageText(sessionId).length).toBeLessThan(200)
    const before = agent.messageText(sessionId)
    expect(await agent.prompt(sessionId, 'again')).toEqual({ stopReason: 'end_turn' })
    expect(agent.messageText(sessionId).slice(before.length)).toBe('Still here.')
  })

  it('during a stall: answers cancelled without waiting for the stall timeout', async () => {
    const { agent, server, sessionId } = await start([{ behaviour: 'stall' }, after], { AGENT_STALL_TIMEOUT_MS: '60000' })
    const turn = agent.prompt(sessionId, 'hello')
    await until(() => server.calls().length === 1, 'the model request')
    await agent.agent.notify('session/cancel', { sessionId })
    expect(await turn).toEqual({ stopReason: 'cancelled' })
  })

  it('during a permission prompt: resolves it as cancelled and does not run the tool', async () => {
    const { agent, server, sessionId } = await start([
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'write_file', arguments: { path: 'never.txt', content: 'x' } }] },
      after,
    ])
    let answer: ((value: { outcome: { outcome: 'cancelled' } }) => void) | undefined
    agent.permissionAnswers.push(() => new Promise((resolve) => (answer = resolve)))
    const turn = agent.prompt(sessionId, 'write')
    await until(() => answer !== undefined, 'the permission request')
    await agent.agent.notify('session/cancel', { sessionId })
    expect(await turn).toEqual({ stopReason: 'cancelled' })
    answer!({ outcome: { outcome: 'cancelled' } })
    expect(existsSync(join(agent.cwd, 'never.txt'))).toBe(false)
    const last = agent.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'tool_call_update').at(-1)
    expect(last).toMatchObject({ status: 'failed', rawOutput: { rejected: 'cancelled' } })
    expect(await agent.prompt(sessionId, 'again')).toEqual({ stopReason: 'end_turn' })
    // The next request carries a result for the cancelled call, so the history stays valid.
    expect(toolResults(server, 1)[0]!.content).toMatch(/cancelled/)
  })

  it('during run_command: kills the command process group', async () => {
    const { agent, sessionId } = await start([
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'run_command', arguments: { command: 'sleep 30 & echo $! > child.pid; wait' } }] },
      after,
    ])
    agent.permissionAnswers.push('allow_once')
    const turn = agent.prompt(sessionId, 'run')
    const pidFile = join(agent.cwd, 'child.pid')
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 'the command to start')
    const pid = Number(readFileSync(pidFile, 'utf8'))
    expect(processAlive(pid)).toBe(true)
    await agent.agent.notify('session/cancel', { sessionId })
    expect(await turn).toEqual({ stopReason: 'cancelled' })
    await until(() => !processAlive(pid), 'the grandchild to die')
  })

  it('run_command timeout kills the group and reports it to the model', async () => {
    const { agent, server, sessionId } = await start(
      [{ behaviour: 'tool_call_success', toolCalls: [{ name: 'run_command', arguments: { command: 'echo started; sleep 30' } }] }, after],
      { AGENT_COMMAND_TIMEOUT_MS: '200' },
    )
    agent.permissionAnswers.push('allow_once')
    expect(await agent.prompt(sessionId, 'run')).toEqual({ stopReason: 'end_turn' })
    expect(toolResults(server, 1)[0]!.content).toBe('timed out after 200 ms and was killed\nstarted')
  })

  it('stdin EOF during a turn exits cleanly and kills running commands', async () => {
    const { agent, sessionId } = await start([
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'run_command', arguments: { command: 'sleep 30 & echo $! > child.pid; wait' } }] },
    ])
    agent.permissionAnswers.push('allow_once')
    void agent.prompt(sessionId, 'run').catch(() => undefined)
    const pidFile = join(agent.cwd, 'child.pid')
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 'the command to start')
    const pid = Number(readFileSync(pidFile, 'utf8'))
    agent.child.stdin!.end()
    await until(() => agent.child.exitCode !== null, 'the agent to exit')
    expect(agent.child.exitCode).toBe(0)
    await until(() => !processAlive(pid), 'the command to die')
  })
})
