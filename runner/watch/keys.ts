// Keys the watcher understands: raw single keys on a TTY; otherwise read from stdin as text (one char or
// one line per key), so a script or a test can drive watch mode through a pipe.
export type KeyAction = 'all' | 'failed' | 'update' | 'quit'

const KEYS: Record<string, KeyAction> = { a: 'all', f: 'failed', u: 'update', q: 'quit', '\u0003': 'quit' }

/** The actions a chunk of stdin asks for, in order; other characters (newlines included) are ignored. */
export function actionsOf(text: string): KeyAction[] {
  return [...text].flatMap((ch) => {
    const action = KEYS[ch.toLowerCase()]
    return action ? [action] : []
  })
}

export const KEY_HELP = 'a: rerun all · f: rerun failed · u: update failed · q: quit'

/** Listens for keys on `input` until the returned function is called. */
export function listenKeys(input: NodeJS.ReadStream, onAction: (action: KeyAction) => void): () => void {
  const raw = Boolean(input.isTTY)
  if (raw) input.setRawMode(true)
  input.setEncoding('utf8')
  const onData = (text: string): void => {
    for (const action of actionsOf(text)) onAction(action)
  }
  input.on('data', onData)
  input.resume()
  return () => {
    input.off('data', onData)
    if (raw) input.setRawMode(false)
    input.pause()
    // A pipe that stays open would hold the event loop after watch ends.
    if (!raw) input.destroy()
  }
}
