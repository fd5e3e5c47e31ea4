// Named agent presets a config entry may extend with `preset: "<name>"`.
import type { AgentConfig } from '../config.js'
import { referencePreset } from './reference.js'

export const PRESETS: Readonly<Record<string, AgentConfig>> = {
  reference: referencePreset,
}
