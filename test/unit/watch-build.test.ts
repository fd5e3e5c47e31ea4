// An agent's build command through a real shell: its output tail on failure, and a cancel that takes down
// everything the command started, not only the shell.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runBuild } from '../../runner/watch/build.js'

const dir = mkdtempSync(join(tmpdir(), 'acp-watch-build-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Alive and not a zombie (from /proc). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z'
  } catch {
    return false
  }
}

async function waitForFile(path: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (!existsSync(path) || !readFileSync(path, 'utf8').trim()) {
    if (Date.now() > deadline) throw new Error(`${path} was not written within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return readFileSync(path, 'utf8').trim()
}

describe('runBuild', () => {
  it('succeeds, or fails naming the command, its exit code and its last output', async () => {
    expect((await runBuild('echo built', dir, new AbortController().signal)).ok).toBe(true)
    const failed = await runBuild('echo oops; exit 3', dir, new AbortController().signal)
    expect(failed.ok).toBe(false)
    expect(failed.tail).toBe('`echo oops; exit 3` exited with code 3\noops')
  })

  it('a cancel ends what the command started too, not only its shell', async () => {
    const controller = new AbortController()
    // The inner shell's sleep is a grandchild holding the output pipe: killing the outer shell alone leaves it running.
    const build = runBuild(`sh -c 'echo $$ > inner.pid; exec sleep 60'; echo after`, dir, controller.signal)
    const inner = Number(await waitForFile(join(dir, 'inner.pid')))
    controller.abort()
    const outcome = await build
    expect(outcome.ok).toBe(false)
    expect(outcome.tail).toMatch(/^`[^`]+` was cancelled/)
    expect(alive(inner)).toBe(false)
  })
})
