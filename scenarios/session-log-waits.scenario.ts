import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('Waits driven by the agent’s own session log: the turn start is seen while the reply still streams.')
  .tags('turns', 'session-log')
  .newSession()
  .llm(behaviour('slow_success', { text: 'One, two, three, four.', chunkSize: 6, delayMs: 40 }))
  .promptAndWaitForAgentMessage('Count to four.', 'One')
  .waitForTurnStart({ minimumTurn: 1 })
  .waitForTurnEnd()
