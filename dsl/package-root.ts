// Locates this package (acp-scenario) on disk: scenario bundles import its compiled DSL from there.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'acp-scenario') return dir
    if (dirname(dir) === dir) throw new Error(`acp-scenario: cannot find its package.json above ${start}`)
  }
}

/** Found by walking up to our package.json, so it holds from dist/ and from the TypeScript sources alike. */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)))
/** The compiled DSL entry and its declarations: what `import ... from 'acp-scenario'` means in a scenario. */
export const DSL_ENTRY = join(PACKAGE_ROOT, 'dist', 'dsl', 'index.js')
export const DSL_TYPES = join(PACKAGE_ROOT, 'dist', 'dsl', 'index.d.ts')
