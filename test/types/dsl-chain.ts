// Type-level tests of the scenario builder: `npm run typecheck` must accept this file, so every
// `@ts-expect-error` below has to be a real type error.
import { behaviour, headless, initialize, reasoning, reply, toolCall, toolCalls } from '../../dsl/index.js'

// A prompt or a wait before newSession() is a type error.
// @ts-expect-error prompts need a session
initialize().prompt('too early')
// @ts-expect-error waits need a session
initialize().waitForTurnEnd()
// @ts-expect-error a failed newSession leaves no session
initialize().newSessionExpectError().prompt('still no session')

// Settings, permission answers and scripted calls are available before and after newSession().
initialize().description('d').agent('reference').tags('a', 'b').timeout(5000).permit('allow_once').newSession().prompt('hi')
initialize()
  .newSession()
  .capabilities({ fs: { readTextFile: true }, terminal: true })
  .workspace({ files: { 'a.txt': 'x' }, dir: './seed', expect: true })
  .prompt('hi', { timeoutMs: 1000 })
  .permit({ optionId: 'proceed' })
  .waitForToolCall({ kind: 'edit' })
  .promptAndCancelAfterChunks('long', 2)
headless().prompt('no handshake').waitForTurnEnd()

// Unknown permission kinds and behaviour names are type errors.
// @ts-expect-error not a permission kind
initialize().permit('allow_sometimes')
// @ts-expect-error not a behaviour name
behaviour('rate_limits')
// @ts-expect-error llm takes entries, not strings
initialize().llm('hello')

// Helpers compose.
initialize()
  .newSession()
  .llm(
    reply('ok', { chunkSize: 4 }),
    reasoning('think', toolCall('read', { path: 'a' })),
    toolCalls([toolCall('a', {}), { name: 'b', arguments: '{}' }]),
    behaviour('rate_limit', { retryAfter: 1 }),
  )
// @ts-expect-error behaviour params are the schema's fields
behaviour('stall', { stallMs: 10 })
