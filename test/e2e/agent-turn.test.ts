import { afterEach, describe, expect, it } from 'vitest'
import { startChatServer, type ChatServer } from '../support/chat-server.js'
import { startAgent, type AgentHandle } from '../support/agent-process.js'

let server: ChatServer | undefined
let agent: AgentHandle | undefined
afterEach(async () => {
  await agent?.close()
  await server?.close()
  agent = server = undefined
})

describe('reference agent: a text turn', () => {
  it('initializes, opens a session and streams a reply', async () => {
    server = await startChatServer([{ behaviour: 'reasoning_success', text: 'Hi there!', reasoning: 'Greet.' }])
    agent = startAgent(server.url)
    const init = await agent.initialize()
    expect(init.agentInfo?.name).toBe('acp-reference-agent')
    const sessionId = await agent.newSession()
    const response = await agent.prompt(sessionId, 'Say hi')
    expect(response.stopReason).toBe('end_turn')
    expect(agent.messageText(sessionId)).toBe('Hi there!')
  })
})
