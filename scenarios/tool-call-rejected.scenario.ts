import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('The client rejects a write once; the tool does not run and the model explains.')
  .tags('tools', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('write_file', { path: 'notes.txt', content: 'draft' }), reply('Understood, I did not write notes.txt.'))
  .prompt('Write "draft" to notes.txt')
  .permit('reject_once')
