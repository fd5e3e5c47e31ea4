// Machine output: one JSON object, printed at the end (the shape of the CLI contract).
import type { ScenarioResult } from '../scenario-run.js'
import { counts, type Reporter } from './types.js'

export function toJsonReport(results: ScenarioResult[]): object {
  return {
    ...counts(results),
    scenarios: results.map((r) => ({
      name: r.name,
      agent: r.agent,
      status: r.status,
      durationMs: r.durationMs,
      ...(r.failure ? { failure: { step: r.failure.step, message: r.failure.message, diff: r.failure.diff ?? '' } } : {}),
    })),
  }
}

export function jsonReporter(write: (text: string) => void): Reporter {
  return {
    result() {},
    end(results) {
      write(JSON.stringify(toJsonReport(results)) + '\n')
    },
  }
}
