import { behaviour, initialize, reply } from 'acp-scenario'

export default initialize()
  .description('The model sends headers then nothing; the agent gives up after its stall timeout and retries.')
  .tags('faults', 'retry')
  .newSession()
  .llm(behaviour('stall'), reply('Answered after a stalled stream.'))
  .prompt('Say something.', { timeoutMs: 15_000 })
