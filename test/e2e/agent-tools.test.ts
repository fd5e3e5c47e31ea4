import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LlmEntry } from '../../dsl/schema.js'
import type { LlmServer } from '../../runner/llm/server.js'
import { toolResults } from '../support/model-server.js'
import { useScriptedAgent } from '../support/scripted-agent.js'

const start = useScriptedAgent()

const write = (path: string, content: string): LlmEntry => ({
  behaviour: 'tool_call_success',
  toolCalls: [{ id: `call_${path}`, name: 'write_file', arguments: { path, content } }],
})
const done: LlmEntry = { behaviour: 'success', text: 'Done.', repeat: true }

/** The tool result texts the model received in call `index` (0-based). */
const toolMessages = (server: LlmServer, index: number): string[] => toolResults(server, index).map((result) => result.content)

describe('reference agent: tool turns with each permission answer', () => {
  it.each([
    { answers: ['allow_once', 'allow_once'], asked: 2, written: ['a', 'b'] },
    { answers: ['allow_always'], asked: 1, written: ['a', 'b'] },
    { answers: ['reject_once', 'allow_once'], asked: 2, written: ['b'] },
    { answers: ['reject_always'], asked: 1, written: [] },
  ] as const)('$answers', async ({ answers, asked, written }) => {
    const { server, agent } = await start([write('a.txt', 'A'), write('b.txt', 'B'), done])
    agent.permissionAnswers.push(...answers)
    await agent.initialize()
    const sessionId = await agent.newSession()
    const response = await agent.prompt(sessionId, 'write two files')
    expect(response.stopReason).toBe('end_turn')
    expect(agent.permissionRequests).toHaveLength(asked)
    expect(agent.permissionRequests[0]!.options.map((o) => o.optionId)).toEqual(['allow_once', 'allow_always', 'reject_once', 'reject_always'])
    for (const name of ['a', 'b']) {
      expect(existsSync(join(agent.cwd, `${name}.txt`))).toBe((written as readonly string[]).includes(name))
    }
    expect(server.calls()).toHaveLength(3)
    const results = [...toolMessages(server, 1), ...toolMessages(server, 2).slice(1)]
    expect(results.map((text) => text.includes('rejected'))).toEqual(['a', 'b'].map((name) => !(written as readonly string[]).includes(name)))
    expect(agent.messageText(sessionId)).toBe('Done.')
  })

  it('reports tool calls with kind, title, locations, rawInput, a diff and rawOutput', async () => {
    const { agent } = await start([write('dir/new.txt', 'hello\n'), done])
    agent.permissionAnswers.push('allow_once')
    await agent.initialize()
    const sessionId = await agent.newSession()
    await agent.prompt(sessionId, 'write')
    const toolUpdates = agent.updates.map((n) => n.update).filter((u) => u.sessionUpdate.startsWith('tool_call'))
    expect(toolUpdates.map((u) => [u.sessionUpdate, (u as { status?: string }).status])).toEqual([
      ['tool_call', 'pending'],
      ['tool_call_update', 'in_progress'],
      ['tool_call_update', 'completed'],
    ])
    const path = join(agent.cwd, 'dir/new.txt')
    expect(toolUpdates[0]).toMatchObject({ kind: 'edit', title: 'Write dir/new.txt', locations: [{ path }], rawInput: { path: 'dir/new.txt', content: 'hello\n' } })
    expect(toolUpdates[2]).toMatchObject({
      content: [{ type: 'diff', path, oldText: null, newText: 'hello\n' }],
      rawOutput: { path, created: true },
    })
    expect(readFileSync(path, 'utf8')).toBe('hello\n')
  })

  it('runs commands, reads and lists files over several steps', async () => {
    const { server, agent } = await start([
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'run_command', arguments: { command: 'echo out; echo err >&2; printf x > made.txt' } }] },
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'list_files', arguments: {} }, { name: 'read_file', arguments: { path: 'made.txt' } }] },
      done,
    ])
    agent.permissionAnswers.push('allow_once')
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'go')).stopReason).toBe('end_turn')
    expect(toolMessages(server, 1)[0]).toMatch(/^exit code 0\nout\nerr/)
    expect(toolMessages(server, 2).slice(1)).toEqual(['made.txt', 'x'])
    expect(agent.permissionRequests).toHaveLength(1)
  })

  it('keeps multi-byte command output whole and lists exactly 500 entries as complete', async () => {
    // The two bytes of 'é' written apart, so the agent reads them in separate chunks.
    const command = "printf 'caf\\303'; sleep 0.2; printf '\\251!'"
    const { server, agent } = await start([
      { behaviour: 'tool_call_success', toolCalls: [{ name: 'run_command', arguments: { command } }, { name: 'list_files', arguments: { path: 'many' } }] },
      done,
    ])
    mkdirSync(join(agent.cwd, 'many'))
    for (let i = 0; i < 500; i++) writeFileSync(join(agent.cwd, 'many', `f${String(i).padStart(3, '0')}`), '')
    agent.permissionAnswers.push('allow_once')
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'go')).stopReason).toBe('end_turn')
    const [commandOutput, listing] = toolMessages(server, 1)
    expect(commandOutput).toBe('exit code 0\ncafé!')
    expect(listing!.split('\n')).toHaveLength(500)
    expect(listing).not.toContain('truncated')
  })

  it('confines paths to the session cwd and keeps going after a refused path', async () => {
    const { server, agent } = await start([
      {
        behaviour: 'tool_call_success',
        toolCalls: [
          { name: 'read_file', arguments: { path: '../outside.txt' } },
          { name: 'read_file', arguments: { path: '/etc/hostname' } },
          { name: 'read_file', arguments: { path: 'link/secret' } },
          { name: 'list_files', arguments: { path: '..' } },
          { name: 'write_file', arguments: { path: 'link/evil.txt', content: 'x' } },
          { name: 'read_file', arguments: '{not json' },
          { name: 'delete_everything', arguments: {} },
        ],
      },
      done,
    ])
    agent.permissionAnswers.push('allow_always')
    symlinkSync('/tmp', join(agent.cwd, 'link'))
    writeFileSync(join(agent.cwd, 'inside.txt'), 'ok')
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'escape')).stopReason).toBe('end_turn')
    const results = toolMessages(server, 1)
    expect(results).toHaveLength(7)
    for (const result of results.slice(0, 5)) expect(result).toMatch(/^Error: path .* (is|resolves) outside the session directory/)
    expect(results[5]).toMatch(/^Error: tool arguments are not valid JSON/)
    expect(results[6]).toMatch(/^Error: unknown tool "delete_everything"/)
    expect(existsSync('/tmp/evil.txt')).toBe(false)
    expect(agent.alive()).toBe(true)
  })

  it('uses the client fs methods when the client advertises them', async () => {
    const { server, agent } = await start([write('sub/via-client.txt', 'new'), done])
    agent.permissionAnswers.push('allow_once')
    await agent.initialize({ fs: { readTextFile: true, writeTextFile: true } })
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'write')).stopReason).toBe('end_turn')
    const path = join(agent.cwd, 'sub/via-client.txt')
    // The client owns the files: the agent creates neither the file nor its directory on its own disk.
    expect(existsSync(join(agent.cwd, 'sub'))).toBe(false)
    expect(agent.clientFiles.get(path)).toBe('new')
    expect(toolMessages(server, 1)).toEqual(['Created sub/via-client.txt (1 line)'])
  })

  it('gives each reported tool call a unique id even when the model reuses one', async () => {
    const reused: LlmEntry = { behaviour: 'tool_call_success', toolCalls: [{ id: 'call_x', name: 'list_files', arguments: {} }] }
    const { server, agent } = await start([reused, reused, done])
    await agent.initialize()
    const sessionId = await agent.newSession()
    expect((await agent.prompt(sessionId, 'list twice')).stopReason).toBe('end_turn')
    const ids = agent.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'tool_call').map((u) => (u as { toolCallId: string }).toolCallId)
    expect(ids).toEqual(['call_x', 'call_x-2'])
    expect(toolResults(server, 2).map((result) => result.id)).toEqual(['call_x', 'call_x'])
  })
})
