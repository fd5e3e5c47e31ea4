// Agents shipped as npm packages: found from the project root the way Node finds a dependency, so a
// preset runs whatever version the user installed; `{{agentPackage}}` in command and args is its directory.
import { existsSync, realpathSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { ResolvedAgent } from '../config.js'
import { UsageError } from '../errors.js'
import { escapeRegExp } from '../normalize/strings.js'

/** `{{platform}}` and `{{arch}}` in a package name: native builds published one package per platform. */
export function packageName(name: string, platform: string = process.platform, arch: string = process.arch): string {
  return name.replaceAll('{{platform}}', platform).replaceAll('{{arch}}', arch)
}

/** The directory of `name` in the nearest node_modules at or above `root`, or undefined. */
export function findPackageDir(name: string, root: string): string | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir) return undefined
  }
}

/** The agent with `{{agentPackage}}` filled in its command and args; a UsageError saying what to install when absent. */
export function withAgentPackage(agent: ResolvedAgent, root: string): ResolvedAgent {
  if (!agent.package) return agent
  const name = packageName(agent.package.name)
  const dir = findPackageDir(name, root)
  if (!dir) {
    const install = agent.package.install ?? name
    const preset = agent.preset ? ` (preset "${agent.preset}")` : ''
    throw new UsageError(
      `agent "${agent.name}"${preset} needs the npm package ${name}, which is not installed in ${resolve(root)} or above it; install it with \`npm install --save-dev ${install}\``,
    )
  }
  const fill = (s: string): string => s.replaceAll('{{agentPackage}}', dir)
  // Agents quote their own files (bundled skills, prompts) to the model: keep the install location out of fixtures.
  const spellings = [...new Set([dir, realpathSync(dir)])].sort((a, b) => b.length - a.length)
  const replace = [...spellings.map((d) => ({ pattern: escapeRegExp(d), with: '{{agentPackage}}' })), ...(agent.normalizers?.replace ?? [])]
  return { ...agent, command: fill(agent.command), args: agent.args.map(fill), normalizers: { ...agent.normalizers, replace } }
}

