// Bundles the two executables (the CLI and the reference agent) into dist/bin. Node spends most of a
// short run resolving and compiling modules one by one (about 220 files for `acp-scenario run`):
// one file each halves the time from start to the agent's first answer. The library half of the
// package (the DSL, acp-scenario/vitest) stays as tsc emits it, with its declarations.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = 'dist/bin'
rmSync(new URL(`../${OUT}`, import.meta.url), { recursive: true, force: true })
await build({
  absWorkingDir: ROOT,
  entryPoints: { 'acp-scenario': 'runner/cli.ts', 'acp-reference-agent': 'agent/main.ts' },
  outdir: OUT,
  // Shared code in chunks beside the entries; dynamic imports (commands, the ACP SDK) stay lazy.
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // esbuild ships a native binary and ts-morph carries TypeScript (10 MB): both stay installed
  // dependencies, loaded only by the commands that compile scenarios.
  external: ['esbuild', 'ts-morph', 'typescript'],
  // CommonJS dependencies (commander, json5) require Node built-ins, which ESM output lacks.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
})
