// String-level replacements: known values (temp paths, session ids, port) and patterns (UUIDs, times).

export interface Literal {
  value: string
  placeholder: string
}

export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Replaces every literal, longest first, so `/tmp/x/cwd` wins over `/tmp/x`. */
export function literalReplacer(literals: Literal[]): (s: string) => string {
  const unique = new Map<string, string>()
  for (const l of literals) if (l.value && !unique.has(l.value)) unique.set(l.value, l.placeholder)
  const sorted = [...unique.keys()].sort((a, b) => b.length - a.length)
  if (sorted.length === 0) return (s) => s
  const pattern = new RegExp(sorted.map(escapeRegExp).join('|'), 'g')
  return (s) => s.replace(pattern, (m) => unique.get(m) ?? m)
}

const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi

/** Numbers UUIDs by first appearance: the same UUID always gets the same placeholder within one numbering. */
export class UuidNumbering {
  private readonly seen = new Map<string, string>()
  replace(s: string): string {
    return s.replace(UUID_PATTERN, (m) => {
      const key = m.toLowerCase()
      let name = this.seen.get(key)
      if (!name) {
        name = `{{uuid-${this.seen.size + 1}}}`
        this.seen.set(key, name)
      }
      return name
    })
  }
}

const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g
/** 13-digit millisecond epochs between 2001 and 2100, e.g. inside generated ids. */
const EPOCH_MS_IN_TEXT = /(?<!\d)[1-4]\d{12}(?!\d)/g

export function replaceTimes(s: string): string {
  return s.replace(ISO_TIME, '{{time}}').replace(EPOCH_MS_IN_TEXT, '{{epoch}}')
}

/** `127.0.0.1:<port>` and `localhost:<port>` of the loopback model server. */
export function portReplacer(port: number | undefined): (s: string) => string {
  if (!port) return (s) => s
  const pattern = new RegExp(`(127\\.0\\.0\\.1|localhost|\\[::1\\]):${port}(?!\\d)`, 'g')
  return (s) => s.replace(pattern, '$1:{{port}}')
}
