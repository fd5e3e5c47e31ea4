import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { parseWith } from './args.js'
import { confine, pathLocations } from './confine.js'
import { failed, textContent, type ToolDefinition } from './types.js'

const MAX_ENTRIES = 500
const SKIPPED = new Set(['.git', 'node_modules'])
const schema = z.object({ path: z.string().optional() })

/** Breadth-first, sorted, bounded: deterministic output the model can page through with `path`. */
async function listTree(start: string, signal: AbortSignal): Promise<{ entries: string[]; truncated: boolean }> {
  const entries: string[] = []
  const queue = [start]
  while (queue.length > 0 && entries.length < MAX_ENTRIES && !signal.aborted) {
    const dir = queue.shift() as string
    // A fixed collation locale: the order (and so the transcript) must not depend on the host's LANG.
    const children = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name, 'en'))
    for (const child of children) {
      if (SKIPPED.has(child.name)) continue
      const rel = relative(start, join(dir, child.name))
      entries.push(child.isDirectory() ? `${rel}/` : rel)
      if (child.isDirectory()) queue.push(join(dir, child.name))
    }
  }
  return { entries: entries.slice(0, MAX_ENTRIES), truncated: entries.length > MAX_ENTRIES || queue.length > 0 }
}

export const listFilesTool: ToolDefinition<z.infer<typeof schema>> = {
  name: 'list_files',
  description: 'List files under a directory of the working directory, recursively (skips .git and node_modules). `path` defaults to the working directory.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string', description: 'Directory relative to the working directory (default ".")' } },
    additionalProperties: false,
  },
  kind: 'search',
  needsPermission: false,
  parse: (args) => parseWith(schema, args ?? {}),
  title: (input) => `List ${input.path ?? '.'}`,
  locations: (input, root) => pathLocations(root, input.path ?? '.'),
  async run(input, context) {
    let listing: { entries: string[]; truncated: boolean }
    try {
      listing = await listTree(await confine(context.root, input.path ?? '.'), context.signal)
    } catch (error) {
      return failed(error)
    }
    const text = listing.entries.length === 0 ? '(empty directory)' : listing.entries.join('\n') + (listing.truncated ? `\n[truncated at ${MAX_ENTRIES} entries]` : '')
    return { status: 'completed', output: text, content: [textContent(text)], rawOutput: { count: listing.entries.length, truncated: listing.truncated } }
  },
}
