// The agents' watched sources (`watch.sources` globs in the agent config, relative to the project root)
// and their build commands (`watch.build`), for the agents the watched scenarios run against.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { globSync, isDynamicPattern } from 'tinyglobby'
import { resolveAgent, type ResolvedAgent, type ResolvedConfig } from '../config.js'

export interface AgentWatch {
  agent: string
  sources: string[]
  build?: string
}

export function agentWatches(config: ResolvedConfig, agents: Iterable<string>): AgentWatch[] {
  return [...new Set(agents)].sort().flatMap((name) => {
    let watch: ResolvedAgent['watch']
    try {
      watch = resolveAgent(config, name).watch
    } catch {
      return [] // an unknown agent: its scenarios' runs report it
    }
    return watch?.sources?.length ? [{ agent: name, sources: watch.sources, ...(watch.build ? { build: watch.build } : {}) }] : []
  })
}

/** The static directory a glob starts from (`agent/**\/*.ts` -> `agent`): what chokidar watches. */
export function globBase(pattern: string): string {
  const parts = pattern.split('/')
  const fixed: string[] = []
  for (const part of parts.slice(0, -1)) {
    if (isDynamicPattern(part)) break
    fixed.push(part)
  }
  return fixed.join('/') || '.'
}

/** Which agents a file belongs to. Files stay known once matched, so a deleted source still counts. */
export class AgentSourceIndex {
  private readonly known = new Map<string, Set<string>>()

  constructor(
    private readonly root: string,
    readonly watches: AgentWatch[],
  ) {
    for (const w of watches) this.known.set(w.agent, new Set())
    this.refresh()
  }

  /** Expands the globs again, so files created since count: once per batch of changes, not per file. */
  refresh(): void {
    for (const w of this.watches) {
      const known = this.known.get(w.agent)!
      for (const f of globSync(w.sources, { cwd: this.root, ignore: ['**/node_modules/**'] })) known.add(join(this.root, f))
    }
  }

  /** Existing directories to hand to chokidar. */
  directories(): string[] {
    const dirs = this.watches.flatMap((w) => w.sources.map((s) => resolve(this.root, globBase(s))))
    return [...new Set(dirs)].filter((d) => existsSync(d))
  }

  agentsOf(file: string): string[] {
    return this.watches.filter((w) => this.known.get(w.agent)!.has(file)).map((w) => w.agent)
  }

  buildOf(agent: string): string | undefined {
    return this.watches.find((w) => w.agent === agent)?.build
  }
}
