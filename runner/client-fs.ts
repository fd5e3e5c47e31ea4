// fs/read_text_file and fs/write_text_file served inside the scenario's temp cwd; anything else is refused.
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'
import { sdk } from './acp-sdk.js'
import { isWithin } from './sandbox.js'

export class ClientFs {
  constructor(private readonly cwd: string) {}

  /** The path, if it is absolute and stays inside the cwd, also once symlinks are resolved. */
  private async inside(path: string): Promise<string> {
    if (!isAbsolute(path)) throw sdk().RequestError.invalidParams({ path }, `path must be absolute: ${path}`)
    const target = resolve(path)
    const realCwd = await realpath(this.cwd)
    const ok = (isWithin(this.cwd, target) || isWithin(realCwd, target)) && isWithin(realCwd, await realpathOfNearest(target))
    if (!ok) throw sdk().RequestError.invalidParams({ path }, `path is outside the session's working directory: ${path}`)
    return target
  }

  async read(params: { path: string; line?: number | null; limit?: number | null }): Promise<{ content: string }> {
    const path = await this.inside(params.path)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch {
      throw sdk().RequestError.resourceNotFound(params.path)
    }
    if (params.line == null && params.limit == null) return { content: text }
    const lines = text.split('\n')
    const start = Math.max(0, (params.line ?? 1) - 1)
    const end = params.limit == null ? lines.length : start + params.limit
    return { content: lines.slice(start, end).join('\n') }
  }

  async write(params: { path: string; content: string }): Promise<Record<string, never>> {
    const path = await this.inside(params.path)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, params.content)
    return {}
  }
}

/** realpath of the path, or of its nearest existing ancestor with the rest appended. */
async function realpathOfNearest(path: string): Promise<string> {
  let dir = path
  let rest = ''
  for (;;) {
    try {
      return resolve(await realpath(dir), rest)
    } catch {
      const parent = dirname(dir)
      if (parent === dir) return path
      rest = rest ? `${dir.slice(parent.length + 1)}/${rest}` : dir.slice(parent.length + 1)
      dir = parent
    }
  }
}
