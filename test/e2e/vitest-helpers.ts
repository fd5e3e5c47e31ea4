// Runs vitest as a subprocess in a temp project that depends on this package (node_modules/acp-scenario
// is a link to this checkout), and reads its JSON report.
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { execa } from 'execa'

const REPO = resolve(import.meta.dirname, '../..')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')

export function linkPackage(root: string, write: (path: string, text: string) => void): void {
  mkdirSync(join(root, 'node_modules'), { recursive: true })
  symlinkSync(REPO, join(root, 'node_modules/acp-scenario'), 'dir')
  write('vitest.config.mjs', `export default { test: { include: ['*.test.ts'], pool: 'forks' } }\n`)
}

export interface VitestTest {
  /** `describe > test` */
  fullName: string
  title: string
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo'
  failureMessages: string[]
}

export async function runVitest(root: string, ...args: string[]): Promise<{ exitCode: number; output: string; tests: VitestTest[] }> {
  const report = join(root, 'vitest-report.json')
  const r = await execa('node', [VITEST, 'run', '--reporter=json', `--outputFile=${report}`, ...args], { cwd: root, reject: false, timeout: 120_000, all: true, env: { NO_COLOR: '1', CI: '1' } })
  let tests: VitestTest[] = []
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: VitestTest[] }[] }
    tests = json.testResults.flatMap((f) => f.assertionResults)
  } catch {
    // no report: the exit code and output say why
  }
  return { exitCode: r.exitCode ?? -1, output: r.all ?? '', tests }
}
