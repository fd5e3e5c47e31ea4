import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('gemini-cli answers a prompt with streamed text.')
  .agent('gemini')
  .tags('gemini', 'text')
  .newSession()
  .llm(reply('Hello from the scripted model.'))
  .prompt('Say hello.')
