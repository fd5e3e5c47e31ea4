import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('With fs capabilities advertised, the agent reads a seeded file through fs/read_text_file.')
  .tags('tools', 'fs')
  .capabilities({ fs: { readTextFile: true, writeTextFile: true } })
  .workspace({ files: { 'config.ini': '[server]\nport = 8080\n' } })
  .newSession()
  .llm(toolCall('read_file', { path: 'config.ini' }), reply('The server port is 8080.'))
  .prompt('Which port does config.ini set?')
