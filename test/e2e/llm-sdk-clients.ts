// The official provider SDKs as clients of the loopback server: each adapter returns what the SDK parsed,
// or the error it threw, in one shape so the behaviour tables can be shared across wires.
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import type { WireName } from '../../dsl/names.js'

export interface Parsed {
  text: string
  reasoning: string
  toolCalls: { id: string; name: string; args: unknown }[]
  finish: string | undefined
}

export interface Failure {
  status?: number
  /** The provider's error code/type/status name, as the SDK exposes it. */
  code?: string
  retryAfter?: string
  message: string
}

export type Outcome = { ok: Parsed } | { error: Failure }

type Client = (url: string, stream: boolean, signal?: AbortSignal) => Promise<Parsed>

const empty = (): Parsed => ({ text: '', reasoning: '', toolCalls: [], finish: undefined })
const MESSAGES = [{ role: 'user' as const, content: 'hello' }]

const openaiChat: Client = async (url, stream, signal) => {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'test-key', maxRetries: 0, timeout: 10_000 })
  const out = empty()
  if (!stream) {
    const r = await client.chat.completions.create({ model: 'test-model', messages: MESSAGES }, { signal })
    const choice = r.choices[0]!
    out.text = choice.message.content ?? ''
    out.reasoning = (choice.message as { reasoning_content?: string }).reasoning_content ?? ''
    out.toolCalls = (choice.message.tool_calls ?? []).map((t) =>
      t.type === 'function' ? { id: t.id, name: t.function.name, args: JSON.parse(t.function.arguments) } : { id: t.id, name: '', args: null },
    )
    out.finish = choice.finish_reason
    return out
  }
  const s = await client.chat.completions.create({ model: 'test-model', messages: MESSAGES, stream: true }, { signal })
  const calls: { id: string; name: string; args: string }[] = []
  for await (const chunk of s) {
    const choice = chunk.choices[0]
    if (!choice) continue
    const delta = choice.delta as typeof choice.delta & { reasoning_content?: string }
    out.text += delta.content ?? ''
    out.reasoning += delta.reasoning_content ?? ''
    for (const tc of delta.tool_calls ?? []) {
      calls[tc.index] ??= { id: tc.id ?? '', name: tc.function?.name ?? '', args: '' }
      calls[tc.index]!.args += tc.function?.arguments ?? ''
    }
    if (choice.finish_reason) out.finish = choice.finish_reason
  }
  out.toolCalls = calls.map((c) => ({ id: c.id, name: c.name, args: JSON.parse(c.args) }))
  return out
}

const openaiResponses: Client = async (url, stream, signal) => {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'test-key', maxRetries: 0, timeout: 10_000 })
  const r = stream
    ? await client.responses.stream({ model: 'test-model', input: 'hello' }, { signal }).finalResponse()
    : await client.responses.create({ model: 'test-model', input: 'hello' }, { signal })
  const out = empty()
  for (const item of r.output) {
    if (item.type === 'message') out.text += item.content.map((c) => (c.type === 'output_text' ? c.text : '')).join('')
    if (item.type === 'reasoning') out.reasoning += item.summary.map((s) => s.text).join('')
    if (item.type === 'function_call') out.toolCalls.push({ id: item.call_id, name: item.name, args: JSON.parse(item.arguments) })
  }
  out.finish = r.status
  return out
}

const anthropic: Client = async (url, stream, signal) => {
  const client = new Anthropic({ baseURL: url, apiKey: 'test-key', maxRetries: 0, timeout: 10_000 })
  const body = { model: 'test-model', max_tokens: 100, messages: MESSAGES }
  const m = stream ? await client.messages.stream(body, { signal }).finalMessage() : await client.messages.create(body, { signal })
  const out = empty()
  for (const block of m.content) {
    if (block.type === 'text') out.text += block.text
    if (block.type === 'thinking') out.reasoning += block.thinking
    if (block.type === 'tool_use') out.toolCalls.push({ id: block.id, name: block.name, args: block.input })
  }
  out.finish = m.stop_reason ?? undefined
  return out
}

const gemini: Client = async (url, stream, signal) => {
  const client = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: url } })
  const request = { model: 'gemini-test', contents: 'hello', config: { abortSignal: signal } }
  const out = empty()
  const responses = stream ? await client.models.generateContentStream(request) : [await client.models.generateContent(request)]
  for await (const r of responses) {
    const candidate = r.candidates?.[0]
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) out.toolCalls.push({ id: part.functionCall.id ?? '', name: part.functionCall.name ?? '', args: part.functionCall.args })
      else if (part.thought) out.reasoning += part.text ?? ''
      else out.text += part.text ?? ''
    }
    if (candidate?.finishReason) out.finish = candidate.finishReason
  }
  return out
}

export const CLIENTS: Record<WireName, Client> = { 'openai-chat': openaiChat, 'openai-responses': openaiResponses, anthropic, gemini }

function failure(error: unknown): Failure {
  const e = error as Error & { status?: number; code?: string; error?: { error?: { type?: string } }; headers?: Headers }
  const out: Failure = { message: e.message }
  if (typeof e.status === 'number') out.status = e.status
  // openai: code; anthropic: error.error.type; gemini: the JSON body in the message carries status and RetryInfo.
  const code = e.code ?? e.error?.error?.type ?? /"status":\s*"([A-Z_]+)"/.exec(e.message)?.[1]
  if (code) out.code = code
  const retryAfter = e.headers?.get?.('retry-after') ?? /"retryDelay":\s*"(\d+)s"/.exec(e.message)?.[1]
  if (retryAfter) out.retryAfter = retryAfter
  return out
}

export async function callSdk(wire: WireName, url: string, stream: boolean, signal?: AbortSignal): Promise<Outcome> {
  try {
    return { ok: await CLIENTS[wire](url, stream, signal) }
  } catch (error) {
    return { error: failure(error) }
  }
}
