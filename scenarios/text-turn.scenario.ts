import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('One prompt answered with plain text.')
  .tags('smoke')
  .newSession()
  .llm(reply('Hello! How can I help you today?'))
  .prompt('Say hello.')
  .waitForTurnEnd()
