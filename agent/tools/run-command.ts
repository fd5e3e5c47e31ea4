import { spawn } from 'node:child_process'
import { z } from 'zod'
import { parseWith } from './args.js'
import { textContent, type ToolContext, type ToolDefinition, type ToolOutcome } from './types.js'

const MAX_OUTPUT = 64 * 1024
const schema = z.object({ command: z.string().min(1) })

/** Runs `sh -c` in its own process group; timeout and cancel kill the whole group. */
function runShell(command: string, context: ToolContext): Promise<ToolOutcome> {
  return new Promise((resolveOutcome) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd: context.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const pid = child.pid
    let output = ''
    let truncated = false
    let ending: 'timeout' | 'cancelled' | undefined
    const collect = (data: string) => {
      if (output.length >= MAX_OUTPUT) {
        truncated = true
        return
      }
      output += data
    }
    // Decoded per stream, so a multi-byte character split across two reads stays whole.
    child.stdout.setEncoding('utf8').on('data', collect)
    child.stderr.setEncoding('utf8').on('data', collect)
    if (pid !== undefined) context.processes.add(pid)
    const stop = (why: 'timeout' | 'cancelled') => {
      ending ??= why
      if (pid !== undefined) context.processes.kill(pid)
    }
    const timer = setTimeout(() => stop('timeout'), context.commandTimeoutMs)
    const onAbort = () => stop('cancelled')
    context.signal.addEventListener('abort', onAbort, { once: true })
    const finish = (exitCode: number | null, signal: string | null, spawnError?: Error) => {
      clearTimeout(timer)
      context.signal.removeEventListener('abort', onAbort)
      if (pid !== undefined) context.processes.delete(pid)
      const shown = output.length > MAX_OUTPUT || truncated ? `${output.slice(0, MAX_OUTPUT)}\n[output truncated]` : output
      const reason = spawnError
        ? `failed to start: ${spawnError.message}`
        : ending === 'timeout'
          ? `timed out after ${context.commandTimeoutMs} ms and was killed`
          : ending === 'cancelled'
            ? 'cancelled'
            : signal
              ? `killed by ${signal}`
              : `exit code ${exitCode}`
      const text = `${reason}\n${shown}`.trimEnd()
      resolveOutcome({
        status: exitCode === 0 && !ending ? 'completed' : 'failed',
        output: text,
        content: [textContent(text)],
        rawOutput: { exitCode, signal, timedOut: ending === 'timeout', cancelled: ending === 'cancelled', output: shown },
      })
    }
    child.once('error', (error) => finish(null, null, error))
    child.once('close', (code, signal) => finish(code, signal))
    if (context.signal.aborted) stop('cancelled')
  })
}

export const runCommandTool: ToolDefinition<z.infer<typeof schema>> = {
  name: 'run_command',
  description: 'Run a shell command (sh -c) in the working directory and return its exit code and combined output.',
  parameters: {
    type: 'object',
    properties: { command: { type: 'string', description: 'The shell command line' } },
    required: ['command'],
    additionalProperties: false,
  },
  kind: 'execute',
  needsPermission: true,
  parse: (args) => parseWith(schema, args),
  title: (input) => `Run ${input.command}`,
  locations: () => [],
  run: (input, context) => runShell(input.command, context),
}
