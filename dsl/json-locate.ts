// Finds the line and column of the value at a JSON path in JSON text, for errors that point into a file.

export interface TextPosition {
  line: number
  col: number
}

/** 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, col: offset - before.lastIndexOf('\n') }
}

/**
 * Walks valid JSON text along `path` (object keys and array indexes) and returns where the deepest
 * reachable value starts. Only called on text JSON.parse accepted, so the scanner can stay small.
 */
export function locateJsonPath(text: string, path: ReadonlyArray<PropertyKey>): TextPosition {
  let i = 0
  const ws = (): void => {
    while (/\s/.test(text[i] ?? '')) i++
  }
  const skipString = (): string => {
    const start = i
    i++
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  const skipValue = (): void => {
    ws()
    const c = text[i]
    if (c === '"') return void skipString()
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      i++
      ws()
      while (text[i] !== close) {
        if (c === '{') {
          skipString()
          ws()
          i++ // ':'
        }
        skipValue()
        ws()
        if (text[i] === ',') i++
        ws()
      }
      i++
      return
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++
  }
  ws()
  let found = i
  for (const key of path) {
    ws()
    const c = text[i]
    if (c !== '{' && c !== '[') break
    i++
    let hit = false
    for (let index = 0; ; index++) {
      ws()
      if (text[i] === '}' || text[i] === ']') break
      const matches = c === '{' ? skipString() === String(key) : index === key
      if (c === '{') {
        ws()
        i++ // ':'
        ws()
      }
      if (matches) {
        hit = true
        break
      }
      skipValue()
      ws()
      if (text[i] === ',') i++
    }
    if (!hit) break
    ws()
    found = i
  }
  return positionOf(text, found)
}
