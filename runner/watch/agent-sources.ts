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

/** Which agents a file belongs to: the globs are expanded again on each question, so new files count. */
export class AgentSourceIndex {
  private known = new Map<string, Set<string>>()

  constructor(
    private readonly root: string,
    private readonly watches: AgentWatch[],
  ) {
    for (const w of watches) this.known.set(w.agent, this.expand(w))
  }

  /** Existing directories to hand to chokidar. */
  directories(): string[] {
    const dirs = this.watches.flatMap((w) => w.sources.map((s) => resolve(this.root, globBase(s))))
    return [...new Set(dirs)].filter((d) => existsSync(d))
  }

  /** Agents whose globs match `file` now, or matched it before (a deleted source counts too). */
  agentsOf(file: string): string[] {
    return this.watches.flatMap((w) => {
      const before = this.known.get(w.agent)!
      const now = this.expand(w)
      this.known.set(w.agent, now)
      return before.has(file) || now.has(file) ? [w.agent] : []
    })
  }

  buildOf(agent: string): string | undefined {
    return this.watches.find((w) => w.agent === agent)?.build
  }

  private expand(w: AgentWatch): Set<string> {
    return new Set(globSync(w.sources, { cwd: this.root, ignore: ['**/node_modules/**'] }).map((f) => join(this.root, f)))
  }
}
