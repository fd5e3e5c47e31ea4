import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('The client cancels while the agent waits for a permission answer; the tool never runs.')
  .tags('cancel', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(
    behaviour('tool_call_success', {
      text: 'I will write the file now.',
      toolCalls: [{ name: 'write_file', arguments: { path: 'never.txt', content: 'no' } }],
    }),
  )
  .promptAndWaitForAgentMessage('Write "no" to never.txt', 'I will write the file')
  .waitForToolCall({ kind: 'edit' })
  .cancel()
  .waitForTurnEnd()
