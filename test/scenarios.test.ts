// The bundled scenarios (scenarios/, generated/) as the project's own tests, through the public
// `acp-scenario/vitest` entry, exactly as a user's project imports it.
import { resolve } from 'node:path'
import { defineScenarioSuite } from 'acp-scenario/vitest'

defineScenarioSuite({ root: resolve(import.meta.dirname, '..'), name: 'bundled scenarios' })
