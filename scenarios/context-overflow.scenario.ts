import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('The model rejects the request as too long (400 context_length_exceeded); no retry helps.')
  .tags('faults')
  .newSession()
  .llm(behaviour('context_overflow'))
  .prompt('Summarise everything.')
