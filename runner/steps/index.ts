// One table from step op to its executor; the type requires every op of the schema to be present.
import type { Step } from '../../dsl/schema.js'
import { acpSteps } from './acp.js'
import { agentLogSteps } from './agent-log.js'
import type { StepExecutor } from './context.js'

type Table = { [Op in Step['op']]: StepExecutor<Extract<Step, { op: Op }>> }

export const STEP_EXECUTORS: Table = { ...acpSteps, ...agentLogSteps }

export function executorFor(step: Step): StepExecutor {
  return STEP_EXECUTORS[step.op] as StepExecutor
}

export { StepError, describeStep, type StepContext } from './context.js'
