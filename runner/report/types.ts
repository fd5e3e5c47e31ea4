import type { ScenarioResult } from '../scenario-run.js'

export interface Reporter {
  /** Called as each scenario finishes. */
  result(result: ScenarioResult): void
  /** Called once at the end with every result in name order. */
  end(results: ScenarioResult[]): void
}

export function counts(results: ScenarioResult[]): { passed: number; failed: number; skipped: number } {
  return {
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
  }
}
