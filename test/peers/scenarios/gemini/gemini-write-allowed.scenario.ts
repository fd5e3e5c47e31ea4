import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('gemini-cli asks before write_file runs; the client allows it once and the file is written.')
  .agent('gemini')
  .tags('gemini', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('write_file', { file_path: 'hello.txt', content: 'hi\n' }), reply('Wrote hello.txt.'))
  .prompt('Create hello.txt containing hi.')
  .permit('allow_once')
