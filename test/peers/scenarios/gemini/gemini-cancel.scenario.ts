import { behaviour, initialize } from 'acp-scenario'

export default initialize()
  .description('The client cancels gemini-cli while the reply is still streaming; the turn ends as cancelled.')
  .agent('gemini')
  .tags('gemini', 'cancel')
  .newSession()
  .llm(behaviour('slow_success', { text: 'Once upon a time there was a very long story that never finished.', chunkSize: 8, delayMs: 150 }))
  .promptAndCancelAfterChunks('Tell me a long story.', 2)
