import { initialize, reply, toolCall, toolCalls } from 'acp-scenario'

export default initialize()
  .description('The agent lists and reads seeded workspace files from disk in one model turn.')
  .tags('tools')
  .workspace({ files: { 'src/main.ts': 'export const answer = 42\n', 'README.md': '# Demo\n' } })
  .newSession()
  .llm(toolCalls([toolCall('list_files', {}), toolCall('read_file', { path: 'src/main.ts' })]), reply('src/main.ts exports answer = 42.'))
  .prompt('What does src/main.ts export?')
