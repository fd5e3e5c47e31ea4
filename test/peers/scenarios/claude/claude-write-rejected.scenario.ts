import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('claude-agent-acp asks before its Write tool runs; the client rejects it and the file is not written.')
  .agent('claude')
  .tags('claude', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('Write', { file_path: 'notes.txt', content: 'draft\n' }), reply('Understood, I did not write notes.txt.'))
  .prompt('Write "draft" to notes.txt.')
  .permit('reject_once')
