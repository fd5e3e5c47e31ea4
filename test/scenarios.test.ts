// The bundled scenarios (scenarios/, generated/) as the project's own tests, through acp-scenario/vitest.
// It imports the built entry: the bundled reference agent is found relative to dist/.
import { resolve } from 'node:path'
import { defineScenarioSuite } from '../dist/runner/vitest.js'

defineScenarioSuite({ root: resolve(import.meta.dirname, '..'), name: 'bundled scenarios' })
