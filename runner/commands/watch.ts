// acp-scenario watch: recompile and rerun scenarios as their files, the fixtures or the agents' sources change.
import { colorsEnabled } from '../compare.js'
import { createScreen } from '../watch/screen.js'
import { watchScenarios } from '../watch/session.js'

export default async function watchCommand(filters: string[]): Promise<number> {
  const root = process.cwd()
  const screen = createScreen({ write: (text) => void process.stdout.write(text), colors: colorsEnabled(), clear: Boolean(process.stdout.isTTY), root })
  return watchScenarios({ root, filters, screen, keys: process.stdin })
}
