import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('With fs capabilities advertised, the agent writes through fs/write_text_file on the client.')
  .tags('tools', 'fs')
  .capabilities({ fs: { readTextFile: true, writeTextFile: true } })
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('write_file', { path: 'docs/readme.md', content: '# Hello\n' }), reply('Created docs/readme.md.'))
  .prompt('Create docs/readme.md with a heading')
  .permit('allow_once')
