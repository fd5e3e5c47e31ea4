// The long-lived compiler that watch mode keeps: recompiling one changed file in place.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCompiler } from '../../dsl/compiler.js'
import { tempProject } from './compile-helpers.js'

const scenario = (text: string): string =>
  `import { initialize } from 'acp-scenario'\n\nexport default initialize().newSession().prompt(${JSON.stringify(text)})\n`

describe('createCompiler', () => {
  const project = tempProject({ 'scenarios/a.scenario.ts': scenario('one'), 'scenarios/b.scenario.ts': scenario('two') })
  const config = { root: project.root, scenariosDir: join(project.root, 'scenarios'), generatedDir: join(project.root, 'generated') }
  const compiler = createCompiler(config)
  afterAll(() => {
    compiler.close()
    project.cleanup()
  })
  const promptOf = (name: string): string => JSON.parse(readFileSync(join(config.generatedDir, name, 'input.json'), 'utf8')).steps[2].text

  it('compiles all, then recompiles just the changed file, and reports a new error there', async () => {
    const all = await compiler.compileAll()
    expect(all.problems).toEqual([])
    expect(all.compiled.map((c) => c.name)).toEqual(['a', 'b'])

    project.write('scenarios/a.scenario.ts', scenario('changed'))
    const one = await compiler.compileFile('scenarios/a.scenario.ts')
    expect(one.problems).toEqual([])
    expect(one.compiled.map((c) => c.name)).toEqual(['a'])
    expect(one.written).toEqual([join(config.generatedDir, 'a', 'input.json')])
    expect(promptOf('a')).toBe('changed')

    project.write('scenarios/a.scenario.ts', `import { initialize } from 'acp-scenario'\n\nexport default initialize().prompt('x')\n`)
    const broken = await compiler.compileFile(join(project.root, 'scenarios/a.scenario.ts'))
    expect(broken.problems.map((p) => `${p.file}:${p.line}:${p.col}`)).toEqual(['scenarios/a.scenario.ts:3:29'])
    expect(promptOf('a')).toBe('changed')

    const check = await compiler.check()
    expect(check.errors).toHaveLength(1)
    expect(check.problems).toEqual([])
  })

  it('sees a helper edited while no scenario imported it, once one imports it again', async () => {
    const importing = `import { initialize } from 'acp-scenario'\nimport { text } from './lib/text.js'\n\nexport default initialize().newSession().prompt(text)\n`
    project.write('scenarios/lib/text.ts', `export const text: string = 'from helper'\n`)
    project.write('scenarios/a.scenario.ts', importing)
    expect((await compiler.compileFile('scenarios/a.scenario.ts')).problems).toEqual([])
    expect(promptOf('a')).toBe('from helper')

    project.write('scenarios/a.scenario.ts', scenario('plain'))
    expect((await compiler.compileFile('scenarios/a.scenario.ts')).problems).toEqual([])
    project.write('scenarios/lib/text.ts', `export const text: string = 42\n`)
    expect((await compiler.compileFile('scenarios/lib/text.ts')).problems).toEqual([])

    project.write('scenarios/a.scenario.ts', importing)
    const again = await compiler.compileFile('scenarios/a.scenario.ts')
    expect(again.problems.map((p) => `${p.file}:${p.line}:${p.col}`)).toEqual(['scenarios/lib/text.ts:1:14'])
  })
})
