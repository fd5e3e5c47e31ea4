import { behaviour, initialize, reply } from 'acp-scenario'

export default initialize()
  .description('The first model call is rate limited (429 + Retry-After); the agent retries and succeeds.')
  .tags('faults', 'retry')
  .newSession()
  .llm(behaviour('rate_limit', { retryAfter: 0 }), reply('Answered after a retry.'))
  .prompt('Say something.')
