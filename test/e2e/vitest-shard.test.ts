// Sharding is deterministic and complete: `run --shard i/n` splits the scenarios into disjoint shards whose
// union is the suite, and the adapter's `shard` option lets vitest's file-level `--shard` spread a suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectScenarios } from '../../runner/select.js'
import { cli } from './compile-helpers.js'
import { linkPackage, runVitest } from './vitest-helpers.js'
import { recordedProject, type Project } from './watch-helpers.js'

const NAMES = ['delta', 'alpha', 'echo', 'charlie', 'bravo']
const HANDSHAKE = `import { initialize } from 'acp-scenario'

export default initialize().newSession()
`

let project: Project
beforeAll(async () => {
  project = await recordedProject(Object.fromEntries(NAMES.map((n) => [n, HANDSHAKE])))
  linkPackage(project.root, project.write)
  for (const index of [1, 2]) {
    project.write(`part-${index}.test.ts`, `import { defineScenarioSuite } from 'acp-scenario/vitest'\n\ndefineScenarioSuite({ shard: { index: ${index}, total: 2 } })\n`)
  }
})
afterAll(() => project?.cleanup())

const disjointUnion = (shards: string[][]): void => {
  const flat = shards.flat()
  expect(new Set(flat).size).toBe(flat.length)
  expect([...flat].sort()).toEqual([...NAMES].sort())
  for (const shard of shards) expect(shard.length).toBeGreaterThan(0)
}

describe('sharding', () => {
  it('selectScenarios splits by name, whatever order discovery returns', () => {
    const entries = NAMES.map((name) => ({ name, tags: [] }))
    const split = (list: typeof entries): string[][] => [1, 2, 3].map((index) => selectScenarios(list, [], { index, total: 3 }).map((s) => s.name))
    const shards = split(entries)
    disjointUnion(shards)
    expect(split([...entries].reverse())).toEqual(shards)
  })

  it('run --shard i/n: disjoint shards covering every scenario, the same on every run', async () => {
    const shardOf = async (index: number): Promise<string[]> => {
      const r = await cli(project.root, 'run', '--shard', `${index}/3`, '--reporter', 'json')
      expect(r.exitCode, r.stderr).toBe(0)
      return (JSON.parse(r.stdout) as { scenarios: { name: string; status: string }[] }).scenarios.map((s) => s.name)
    }
    const shards = [await shardOf(1), await shardOf(2), await shardOf(3)]
    disjointUnion(shards)
    expect(await shardOf(2)).toEqual(shards[1])
  })

  it('vitest --shard over files that each hold one shard of the suite', async () => {
    const shards: string[][] = []
    for (const index of [1, 2]) {
      const run = await runVitest(project.root, `--shard=${index}/2`)
      expect(run.exitCode, run.output).toBe(0)
      shards.push(run.tests.filter((t) => t.status === 'passed').map((t) => t.title))
    }
    disjointUnion(shards)
  })
})
