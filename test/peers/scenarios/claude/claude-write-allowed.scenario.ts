import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('claude-agent-acp asks before its Write tool runs; the client allows it once and the file is written.')
  .agent('claude')
  .tags('claude', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('Write', { file_path: 'hello.txt', content: 'hi\n' }), reply('Wrote hello.txt.'))
  .prompt('Create hello.txt containing hi.')
  .permit('allow_once')
