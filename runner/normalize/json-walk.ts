// A structural map over JSON values: the one traversal every normaliser shares.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface Visitor {
  string?: (value: string, key: string | undefined) => Json
  number?: (value: number, key: string | undefined) => Json
}

/** Returns a copy of `value` with strings and numbers passed through the visitor; key order is kept. */
export function mapJson(value: Json, visit: Visitor, key?: string): Json {
  if (typeof value === 'string') return visit.string ? visit.string(value, key) : value
  if (typeof value === 'number') return visit.number ? visit.number(value, key) : value
  if (Array.isArray(value)) return value.map((item) => mapJson(item, visit, key))
  if (value && typeof value === 'object') {
    const out: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(value)) out[k] = mapJson(v, visit, k)
    return out
  }
  return value
}

/** Sets every value matching a dot path (`*` = any key or index) to `replacement`. */
export function replaceAtPath(value: Json, path: string[], replacement: Json): Json {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    return value.map((item, i) => (head === '*' || head === String(i) ? replaceAtPath(item, rest, replacement) : item))
  }
  if (value && typeof value === 'object') {
    const out: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(value)) out[k] = head === '*' || head === k ? replaceAtPath(v, rest, replacement) : v
    return out
  }
  return value
}
