// Auxiliary calls through the real loopback server: answered from the rule in the wire's shape, as JSON
// or a stream as requested, never taking a scripted position nor landing in the captured cassette.
import { afterEach, describe, expect, it } from 'vitest'
import { reply } from '../../dsl/llm.js'
import { auxiliaryMatcher } from '../../runner/llm/auxiliary.js'
import { startLlmServer, type LlmServer } from '../../runner/llm/server.js'
import { geminiCliPreset } from '../../runner/presets/gemini-cli.js'

const servers: LlmServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const CLASSIFIER = { name: 'routing-classifier', path: ':generateContent$', text: '{"complexity_reasoning":"r","complexity_score":10}' }
const body = (text: string) => JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }] })
const post = (url: string, path: string, text: string) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(text) })

describe('auxiliary model calls', () => {
  it('matches request paths by regular expression, first rule first', () => {
    const matcher = auxiliaryMatcher([CLASSIFIER, { name: 'other', path: 'Generate', text: 'x' }])
    expect(matcher.match('/v1beta/models/gemini-lite:generateContent')?.name).toBe('routing-classifier')
    expect(matcher.match('/v1beta/models/gemini:streamGenerateContent')?.name).toBe('other')
    expect(matcher.match('/v1/messages')).toBeUndefined()
  })

  it('answers the gemini classifier itself, outside the scripted positions', async () => {
    const server = await startLlmServer({ wire: 'gemini', source: { kind: 'script', entries: [reply('Hello.')] }, auxiliary: [CLASSIFIER] })
    servers.push(server)
    for (const prompt of ['first', 'second']) {
      const res = await post(server.url, '/v1beta/models/gemini-lite:generateContent', prompt)
      expect(res.status).toBe(200)
      const json = (await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] }
      expect(json.candidates[0]!.content.parts.map((p) => p.text).join('')).toBe(CLASSIFIER.text)
    }
    const stream = await post(server.url, '/v1beta/models/gemini-pro:streamGenerateContent?alt=sse', 'hello')
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/)
    expect(await stream.text()).toContain('Hello.')

    expect(server.assertConsumed()).toBeUndefined()
    expect(server.problems()).toEqual([])
    expect(server.calls()).toHaveLength(1)
    expect(server.calls()[0]!.request.model).toBe('gemini-pro')
    expect(server.requestLog().map((e) => e.behaviour)).toEqual(['auxiliary:routing-classifier', 'auxiliary:routing-classifier', 'success'])
  })

  it('streams the answer when the matched call asks for a stream', async () => {
    const server = await startLlmServer({ wire: 'gemini', source: { kind: 'script', entries: [] }, auxiliary: [{ ...CLASSIFIER, path: 'Content$' }] })
    servers.push(server)
    const res = await post(server.url, '/v1beta/models/m:streamGenerateContent?alt=sse', 'x')
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/)
    expect(await res.text()).toContain('complexity_score')
    expect(server.calls()).toEqual([])
  })

  it('the gemini-cli preset answers its router with a valid classifier verdict', () => {
    const [rule] = geminiCliPreset.auxiliaryCalls ?? []
    expect(rule?.path && new RegExp(rule.path).test('/v1beta/models/gemini-2.5-flash-lite:generateContent')).toBe(true)
    expect(new RegExp(rule!.path).test('/v1beta/models/gemini-2.5-pro:streamGenerateContent')).toBe(false)
    expect(JSON.parse(rule!.text)).toEqual({ complexity_reasoning: expect.any(String), complexity_score: expect.any(Number) })
  })
})
