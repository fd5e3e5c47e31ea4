// Shared by the compile e2e tests: temp projects and the real CLI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { execa } from 'execa'

export const CLI = resolve(import.meta.dirname, '../../dist/bin/acp-scenario.js')

export function tempProject(files: Record<string, string> = {}): { root: string; write: (path: string, text: string) => void; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'acp-compile-'))
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  for (const [path, text] of Object.entries(files)) write(path, text)
  return { root, write, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

export async function cli(root: string, ...args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const r = await execa('node', [CLI, ...args], { cwd: root, reject: false, timeout: 60_000 })
  return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr }
}
