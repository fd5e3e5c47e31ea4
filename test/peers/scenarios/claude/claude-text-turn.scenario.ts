import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('claude-agent-acp answers a prompt with streamed text.')
  .agent('claude')
  .tags('claude', 'text')
  .newSession()
  .llm(reply('Hello from the scripted model.'))
  .prompt('Say hello.')
