import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('A shell command runs in the temp cwd after the client allows it once.')
  .tags('tools', 'permissions')
  .newSession()
  .llm(toolCall('run_command', { command: 'echo hello from the shell' }), reply('The command printed a greeting.'))
  .prompt('Run echo hello from the shell')
  .permit('allow_once')
