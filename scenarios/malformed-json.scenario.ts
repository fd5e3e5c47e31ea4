import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('The stream carries an event that is not JSON; the agent answers the prompt with a JSON-RPC error.')
  .tags('faults')
  .newSession()
  .llm(behaviour('malformed_json'))
  .promptExpectError('Say something.')
