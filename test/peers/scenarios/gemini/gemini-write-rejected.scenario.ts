import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('gemini-cli asks before write_file runs; the client rejects it and the file is not written.')
  .agent('gemini')
  .tags('gemini', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('write_file', { file_path: 'notes.txt', content: 'draft\n' }), reply('Understood, I did not write notes.txt.'))
  .prompt('Write "draft" to notes.txt.')
  .permit('reject_once')
