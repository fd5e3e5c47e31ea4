import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('codex-acp asks before exec_command runs (approval policy untrusted); the client allows it once and the file is written.')
  .agent('codex')
  .tags('codex', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('exec_command', { cmd: "printf 'hi\\n' > hello.txt" }), reply('Wrote hello.txt.'))
  .prompt('Create hello.txt containing hi.')
  .permit('allow_once')
