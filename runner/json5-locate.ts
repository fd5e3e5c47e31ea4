// The line of a key path in JSON5 text, for configuration errors. JSON5 allows unquoted keys and
// comments, so instead of a full parse this follows the path's keys in order through the text: good
// enough to point a reader at the right line, and never worse than naming no line at all.
import { escapeRegExp } from './normalize/strings.js'

/** 1-based line of the deepest key of `path` found in order (array indexes are skipped), or undefined. */
export function locateJson5Key(text: string, path: ReadonlyArray<PropertyKey>): number | undefined {
  let from = 0
  let found: number | undefined
  for (const key of path) {
    if (typeof key !== 'string') continue
    const pattern = new RegExp(`(?:^|[{,\\s])(?:${escapeRegExp(key)}|"${escapeRegExp(key)}"|'${escapeRegExp(key)}')\\s*:`, 'g')
    pattern.lastIndex = from
    const match = pattern.exec(text)
    if (!match) break
    from = match.index + match[0].length
    found = from
  }
  return found === undefined ? undefined : text.slice(0, found).split('\n').length
}
