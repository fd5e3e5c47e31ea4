import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('reject_always is remembered: a second command in the same turn is refused without asking.')
  .tags('tools', 'permissions')
  .newSession()
  .llm(
    toolCall('run_command', { command: 'echo one' }),
    toolCall('run_command', { command: 'echo two' }),
    reply('Both commands were refused, so I ran nothing.'),
  )
  .prompt('Run echo one, then echo two')
  .permit('reject_always')
