import { initialize, reply, toolCall } from 'acp-scenario'

export default initialize()
  .description('allow_always is remembered: the second write in a later turn asks no permission.')
  .tags('tools', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(
    toolCall('write_file', { path: 'a.txt', content: 'first' }),
    reply('Wrote a.txt.'),
    toolCall('write_file', { path: 'b.txt', content: 'second' }),
    reply('Wrote b.txt without asking again.'),
  )
  .prompt('Write "first" to a.txt')
  .permit('allow_always')
  .prompt('Now write "second" to b.txt')
