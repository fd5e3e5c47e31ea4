// Which agent a changed file belongs to, on real files in a temp dir: new files count, and so do deleted ones,
// whichever order a batch of changes is asked about.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AgentSourceIndex } from '../../runner/watch/agent-sources.js'

const root = mkdtempSync(join(tmpdir(), 'acp-watch-sources-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const write = (path: string): void => {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), 'x')
}

describe('AgentSourceIndex', () => {
  it('attributes created, changed and deleted sources to their agents, one refresh per batch', () => {
    write('x/main.ts')
    write('y/main.ts')
    write('x/node_modules/dep/index.ts')
    const index = new AgentSourceIndex(root, [
      { agent: 'x', sources: ['x/**/*.ts'] },
      { agent: 'y', sources: ['y/**/*.ts'], build: 'make y' },
    ])
    expect(index.directories()).toEqual([join(root, 'x'), join(root, 'y')])
    expect(index.buildOf('y')).toBe('make y')

    // One batch: x's file changed, y's file deleted, a new file of x created.
    rmSync(join(root, 'y/main.ts'))
    write('x/new.ts')
    index.refresh()
    expect(index.agentsOf(join(root, 'x/main.ts'))).toEqual(['x'])
    expect(index.agentsOf(join(root, 'y/main.ts'))).toEqual(['y'])
    expect(index.agentsOf(join(root, 'x/new.ts'))).toEqual(['x'])
    expect(index.agentsOf(join(root, 'x/node_modules/dep/index.ts'))).toEqual([])
    expect(index.agentsOf(join(root, 'README.md'))).toEqual([])
  })
})
