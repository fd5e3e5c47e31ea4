import { describe, expect, it } from 'vitest'
import { ClientTerminals } from '../../runner/client-terminal.js'
import { launchAgent } from '../../runner/launch.js'
import { groupMembers } from '../../runner/process-group.js'
import { LineSplitter, parseWireLine, tapStream } from '../../runner/tap.js'

describe('tap', () => {
  it('splits chunks into lines across boundaries and reports a trailing partial line', () => {
    const lines: string[] = []
    const s = new LineSplitter((l) => lines.push(l))
    s.push(new TextEncoder().encode('{"a":1}\n{"b"'))
    s.push(new TextEncoder().encode(':2}\r\n\n'))
    s.push(new TextEncoder().encode('tail'))
    s.end()
    expect(lines).toEqual(['{"a":1}', '{"b":2}', 'tail'])
  })
  it('rejects non-JSON and non-object lines', () => {
    expect(parseWireLine('hello')).toMatchObject({ reason: expect.stringContaining('not JSON') })
    expect(parseWireLine('[1]')).toEqual({ reason: 'not a JSON-RPC message object' })
  })
  it('records valid lines before passing them on and withholds invalid ones', async () => {
    const seen: string[] = []
    async function* source(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode('{"id":1}\nnoise\n{"id":2}\n')
    }
    const stream = tapStream(source(), { message: (_m, line) => seen.push(line), invalid: (line) => seen.push(`invalid:${line}`) })
    let passed = ''
    for await (const chunk of stream) passed += new TextDecoder().decode(chunk)
    expect(seen).toEqual(['{"id":1}', 'invalid:noise', '{"id":2}'])
    expect(passed).toBe('{"id":1}\n{"id":2}\n')
  })
  it('records every message but passes on only those the forward filter keeps', async () => {
    const seen: string[] = []
    async function* source(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode('{"method":"session/update"}\n{"id":2}\n')
    }
    const stream = tapStream(source(), { message: (_m, line) => seen.push(line), invalid: () => undefined, forward: (m) => m.method !== 'session/update' })
    let passed = ''
    for await (const chunk of stream) passed += new TextDecoder().decode(chunk)
    expect(seen).toEqual(['{"method":"session/update"}', '{"id":2}'])
    expect(passed).toBe('{"id":2}\n')
  })
})

describe('launchAgent', () => {
  it('stops a process group whose members ignore stdin EOF and SIGTERM', async () => {
    const script = "const { spawn } = require('node:child_process'); process.on('SIGTERM', () => {}); spawn(process.execPath, ['-e', \"process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)\"], { stdio: 'ignore' }); setInterval(() => {}, 1000); process.stdout.write('ready\\n')"
    const proc = launchAgent({ command: process.execPath, args: ['-e', script], cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' } })
    for await (const chunk of proc.stdout) if (new TextDecoder().decode(chunk).includes('ready')) break
    expect(groupMembers(proc.pid).length).toBe(2)
    const exit = await proc.stop({ graceMs: 200 })
    expect(exit.signal).toBe('SIGKILL')
    expect(groupMembers(proc.pid)).toEqual([])
  })
  it('reports a command that cannot start', async () => {
    const proc = launchAgent({ command: '/nonexistent/agent', args: [], cwd: process.cwd(), env: {} })
    const exit = await proc.exited
    expect(exit.spawnError).toMatch(/ENOENT/)
    await proc.stop()
  })
})

describe('ClientTerminals', () => {
  it('keeps the status of a command that cannot start, and truncates output on a character boundary', async () => {
    const terminals = new ClientTerminals(process.cwd(), { PATH: process.env.PATH ?? '' })
    try {
      const missing = terminals.create({ command: '/nonexistent/tool', args: ['x'] })
      expect(await terminals.waitForExit(missing.terminalId)).toEqual({ exitCode: 127, signal: null })
      expect(terminals.output(missing.terminalId).exitStatus).toEqual({ exitCode: 127, signal: null })

      const cut = terminals.create({ command: "printf 'éa'", outputByteLimit: 2 })
      await terminals.waitForExit(cut.terminalId)
      expect(terminals.output(cut.terminalId)).toMatchObject({ output: 'a', truncated: true })
    } finally {
      await terminals.dispose()
    }
  })
})
