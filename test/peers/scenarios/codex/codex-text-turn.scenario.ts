import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('codex-acp answers a prompt with streamed text.')
  .agent('codex')
  .tags('codex', 'text')
  .newSession()
  .llm(reply('Hello from the scripted model.'))
  .prompt('Say hello.')
