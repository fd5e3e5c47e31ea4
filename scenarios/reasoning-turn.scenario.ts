import { initialize, reasoning } from 'acp-scenario'

export default initialize()
  .description('The model streams its reasoning before the reply text of the same turn.')
  .tags('reasoning')
  .newSession()
  .llm(reasoning('The user wants a number between 1 and 3; 2 is in the middle.', 'Two.'))
  .prompt('Pick a number between 1 and 3 and answer in one word.')
  .waitForTurnEnd()
