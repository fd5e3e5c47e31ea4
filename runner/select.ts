// Which scenarios a command acts on: filters by name or tag, then a deterministic shard.
import { UsageError } from './errors.js'
import { escapeRegExp } from './normalize/strings.js'

export interface Selectable {
  name: string
  tags: string[]
}

/** A filter matches a scenario's exact name, one of its tags, or its name as a `*` glob. */
export function matchesFilter(s: Selectable, filter: string): boolean {
  if (filter === s.name || s.tags.includes(filter)) return true
  if (!filter.includes('*')) return false
  const pattern = new RegExp(`^${filter.split('*').map(escapeRegExp).join('.*')}$`)
  return pattern.test(s.name)
}

export function selectScenarios<T extends Selectable>(all: T[], filters: string[], shard?: { index: number; total: number }): T[] {
  const filtered = filters.length ? all.filter((s) => filters.some((f) => matchesFilter(s, f))) : all
  const sorted = [...filtered].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  if (!shard) return sorted
  return sorted.filter((_, i) => i % shard.total === shard.index - 1)
}

/** Filters that matched nothing: a typo should not pass silently as an empty run. */
export function unmatchedFilters(all: Selectable[], filters: string[]): string[] {
  return filters.filter((f) => !all.some((s) => matchesFilter(s, f)))
}

/** Throws a usage error naming the filters that matched nothing. */
export function requireMatches(all: Selectable[], filters: string[]): void {
  const unmatched = unmatchedFilters(all, filters)
  if (unmatched.length) throw new UsageError(`no scenario matches ${unmatched.map((f) => JSON.stringify(f)).join(', ')} (by name or tag; see \`acp-scenario list\`)`)
}
