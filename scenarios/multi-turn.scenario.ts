import { initialize, reply } from 'acp-scenario'

export default initialize()
  .description('Two prompts in one session: the second model request carries the first exchange.')
  .tags('turns')
  .newSession()
  .llm(reply('My name is Ada.'), reply('You asked for my name; it is Ada.'))
  .prompt('What is your name?')
  .prompt('What did I just ask you?')
