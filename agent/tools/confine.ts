// Resolves a model-supplied path inside the session root, following symlinks, so no tool can
// read or write outside it (`../x`, absolute paths and symlinks that point out are all refused).
import { realpath } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { ToolCallLocation } from '@agentclientprotocol/sdk'

export class PathOutsideRoot extends Error {}

const isInside = (root: string, candidate: string) => {
  const rel = relative(root, candidate)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** The nearest existing ancestor is realpath-resolved; the missing tail is appended unchanged. */
async function realpathOfNearest(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch (error) {
    const parent = dirname(path)
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error
    return join(await realpathOfNearest(parent), basename(path))
  }
}

/** `root` must already be realpath-resolved. Throws PathOutsideRoot for an escape. */
export async function confine(root: string, requested: string): Promise<string> {
  const lexical = resolve(root, requested)
  if (!isInside(root, lexical)) throw new PathOutsideRoot(`path ${JSON.stringify(requested)} is outside the session directory`)
  const real = await realpathOfNearest(lexical)
  if (!isInside(root, real)) throw new PathOutsideRoot(`path ${JSON.stringify(requested)} resolves outside the session directory`)
  return real
}

/** The call's location for the client to show before it runs: resolved lexically, none when it points out. */
export function pathLocations(root: string, requested: string): ToolCallLocation[] {
  const lexical = resolve(root, requested)
  return isInside(root, lexical) ? [{ path: lexical }] : []
}
