import { behaviour, initialize, reply } from 'acp-scenario'

export default initialize()
  .description('The model stream is cut after its headers; the agent retries the call.')
  .tags('faults', 'retry')
  .newSession()
  .llm(behaviour('stream_disconnect'), reply('Answered after the stream was cut once.'))
  .prompt('Say something.')
