import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('The reply is cut at the token limit (finish reason length); the turn stops with max_tokens.')
  .tags('faults')
  .newSession()
  .llm(behaviour('max_tokens', { text: 'This answer is cut off in the mid' }))
  .prompt('Write a long essay.')
