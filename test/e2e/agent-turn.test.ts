import { describe, expect, it } from 'vitest'
import { useScriptedAgent } from '../support/scripted-agent.js'

const start = useScriptedAgent()

describe('reference agent: a text turn', () => {
  it('initializes, opens a session and streams a reply', async () => {
    const { agent } = await start([{ behaviour: 'reasoning_success', text: 'Hi there!', reasoning: 'Greet.' }])
    const init = await agent.initialize()
    expect(init.agentInfo?.name).toBe('acp-reference-agent')
    const sessionId = await agent.newSession()
    const response = await agent.prompt(sessionId, 'Say hi')
    expect(response.stopReason).toBe('end_turn')
    expect(agent.messageText(sessionId)).toBe('Hi there!')
  })
})
