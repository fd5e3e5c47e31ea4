import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('Every attempt fails with 500; the agent stops after its retries and reports the error.')
  .tags('faults', 'retry')
  .newSession()
  .llm(behaviour('server_error'), behaviour('server_error'), behaviour('server_error'), behaviour('server_error'))
  .prompt('Say something.')
