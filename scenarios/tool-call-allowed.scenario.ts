import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('The agent writes a file after the client allows the tool call once.')
  .tags('tools', 'permissions')
  .newSession()
  .llm(toolCall('write_file', { path: 'hello.txt', content: 'hi' }), reply('Done.'))
  .prompt('Create hello.txt containing hi')
  .permit('allow_once')
  .waitForTurnEnd()
