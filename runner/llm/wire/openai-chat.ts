// OpenAI chat completions (also DeepSeek and most open agents): chat.completion.chunk SSE, then `data: [DONE]`.
import type { FinishReason, NeutralChunk, NeutralMessage, NeutralRequest, Part } from '../neutral.js'
import {
  arr,
  collect,
  imagePart,
  obj,
  rest,
  sse,
  str,
  textOf,
  usageOf,
  type Codec,
  type EncodeContext,
  type ErrorSpec,
  type Json,
  type StreamDecoder,
  type StreamEncoder,
} from './types.js'

const FINISH_OUT: Record<FinishReason, string> = { stop: 'stop', length: 'length', tool_calls: 'tool_calls', content_filter: 'content_filter' }
const FINISH_IN: Record<string, FinishReason> = { stop: 'stop', length: 'length', tool_calls: 'tool_calls', function_call: 'tool_calls', content_filter: 'content_filter' }

function userParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  return arr(content).map((raw): Part => {
    const p = obj(raw)
    if (p.type === 'image_url') return imagePart(str(obj(p.image_url).url) ?? str(p.image_url) ?? '')
    return { type: 'text', text: str(p.text) ?? JSON.stringify(p) }
  })
}

function decodeRequest(raw: unknown): NeutralRequest {
  const body = obj(raw)
  const system: string[] = []
  const messages: NeutralMessage[] = []
  for (const m of arr(body.messages).map(obj)) {
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content))
    else if (m.role === 'tool') {
      messages.push({ role: 'tool', content: [{ type: 'tool_result', id: str(m.tool_call_id) ?? '', content: textOf(m.content) }] })
    } else if (m.role === 'assistant') {
      const content: Part[] = []
      const reasoning = str(m.reasoning_content) ?? str(m.reasoning)
      if (reasoning) content.push({ type: 'reasoning', text: reasoning })
      const text = textOf(m.content)
      if (text) content.push({ type: 'text', text })
      for (const tc of arr(m.tool_calls).map(obj)) {
        const fn = obj(tc.function)
        content.push({ type: 'tool_call', id: str(tc.id) ?? '', name: str(fn.name) ?? '', arguments: str(fn.arguments) ?? '' })
      }
      messages.push({ role: 'assistant', content })
    } else messages.push({ role: 'user', content: userParts(m.content) })
  }
  const tools = arr(body.tools).map((t) => {
    const fn = obj(obj(t).function)
    return { name: str(fn.name) ?? '', description: str(fn.description), parameters: fn.parameters }
  })
  return {
    model: str(body.model) ?? '',
    system: system.join('\n\n'),
    messages,
    tools,
    params: rest(body, ['model', 'messages', 'tools', 'stream']),
    stream: body.stream === true,
  }
}

const base = (ctx: EncodeContext) => ({ id: `chatcmpl-${ctx.call}`, object: 'chat.completion.chunk', created: 0, model: ctx.model })
const usageOut = (ctx: EncodeContext, u = usageOf(ctx.usage)) => ({
  prompt_tokens: u.inputTokens,
  completion_tokens: u.outputTokens,
  total_tokens: u.inputTokens + u.outputTokens,
})

function encoder(ctx: EncodeContext): StreamEncoder {
  const frame = (delta: Json, finish: string | null = null, extra: Json = {}) =>
    sse({ ...base(ctx), choices: [{ index: 0, delta, finish_reason: finish }], ...extra })
  return {
    start: () => frame({ role: 'assistant', content: '' }),
    chunk(chunk) {
      switch (chunk.type) {
        case 'text':
          return frame({ content: chunk.text })
        case 'reasoning':
          return frame({ reasoning_content: chunk.text })
        case 'tool_call_start':
          return frame({ tool_calls: [{ index: chunk.index, id: chunk.id, type: 'function', function: { name: chunk.name, arguments: '' } }] })
        case 'tool_call_delta':
          return frame({ tool_calls: [{ index: chunk.index, function: { arguments: chunk.arguments } }] })
        case 'tool_call_end':
          return ''
        case 'finish':
          return frame({}, FINISH_OUT[chunk.reason], chunk.usage ? { usage: usageOut(ctx, chunk.usage) } : {})
      }
    },
    end: () => sse('[DONE]'),
  }
}

function encodeJson(chunks: readonly NeutralChunk[], ctx: EncodeContext): unknown {
  const c = collect(chunks)
  return {
    id: `chatcmpl-${ctx.call}`,
    object: 'chat.completion',
    created: 0,
    model: ctx.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: c.text === '' && c.toolCalls.length ? null : c.text,
          ...(c.reasoning ? { reasoning_content: c.reasoning } : {}),
          ...(c.toolCalls.length
            ? { tool_calls: c.toolCalls.map((t) => ({ id: t.id, type: 'function', function: { name: t.name, arguments: t.arguments } })) }
            : {}),
        },
        finish_reason: FINISH_OUT[c.finish],
      },
    ],
    usage: usageOut(ctx, usageOf(c.usage)),
  }
}

const usageIn = (u: unknown) => {
  const x = obj(u)
  return { inputTokens: Number(x.prompt_tokens ?? 0), outputTokens: Number(x.completion_tokens ?? 0) }
}

function decoder(): StreamDecoder {
  const started = new Set<number>()
  const open = new Set<number>()
  let finish: NeutralChunk | undefined
  let usage: unknown
  const flush = (): NeutralChunk[] => {
    const out: NeutralChunk[] = [...open].map((index) => ({ type: 'tool_call_end' as const, index }))
    open.clear()
    if (finish?.type === 'finish') out.push(usage ? { ...finish, usage: usageIn(usage) } : finish)
    finish = undefined
    return out
  }
  return {
    push(event) {
      if (event.data.trim() === '[DONE]') return flush()
      const body = obj(JSON.parse(event.data))
      if (body.usage) usage = body.usage
      const out: NeutralChunk[] = []
      for (const choice of arr(body.choices).map(obj)) {
        const delta = obj(choice.delta)
        const reasoning = str(delta.reasoning_content) ?? str(delta.reasoning)
        if (reasoning) out.push({ type: 'reasoning', text: reasoning })
        if (str(delta.content)) out.push({ type: 'text', text: delta.content })
        for (const tc of arr(delta.tool_calls).map(obj)) {
          const index = Number(tc.index ?? 0)
          const fn = obj(tc.function)
          if (!started.has(index)) {
            // Calls stream one after another: a new index means the previous call's arguments are complete.
            for (const previous of open) out.push({ type: 'tool_call_end', index: previous })
            open.clear()
            started.add(index)
            open.add(index)
            out.push({ type: 'tool_call_start', index, id: str(tc.id) ?? `call_${index}`, name: str(fn.name) ?? '' })
          }
          if (str(fn.arguments)) out.push({ type: 'tool_call_delta', index, arguments: fn.arguments })
        }
        if (str(choice.finish_reason)) finish = { type: 'finish', reason: FINISH_IN[choice.finish_reason] ?? 'stop' }
      }
      return out
    },
    end: flush,
  }
}

function decodeJson(raw: unknown): NeutralChunk[] {
  const body = obj(raw)
  const choice = obj(arr(body.choices)[0])
  const message = obj(choice.message)
  const out: NeutralChunk[] = []
  const reasoning = str(message.reasoning_content) ?? str(message.reasoning)
  if (reasoning) out.push({ type: 'reasoning', text: reasoning })
  const text = textOf(message.content)
  if (text) out.push({ type: 'text', text })
  arr(message.tool_calls).forEach((raw, index) => {
    const tc = obj(raw)
    const fn = obj(tc.function)
    out.push({ type: 'tool_call_start', index, id: str(tc.id) ?? `call_${index}`, name: str(fn.name) ?? '' })
    if (str(fn.arguments)) out.push({ type: 'tool_call_delta', index, arguments: fn.arguments })
    out.push({ type: 'tool_call_end', index })
  })
  out.push({ type: 'finish', reason: FINISH_IN[str(choice.finish_reason) ?? 'stop'] ?? 'stop', ...(body.usage ? { usage: usageIn(body.usage) } : {}) })
  return out
}

/** OpenAI's error vocabulary, shared with the Responses wire. */
export const OPENAI_ERRORS: Codec['errors'] = {
  rate_limit: { status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests. Please try again later.' },
  server_error: { status: 500, type: 'server_error', code: 'server_error', message: 'The server had an error while processing your request.' },
  service_unavailable: { status: 503, type: 'server_error', code: 'service_unavailable', message: 'The engine is currently overloaded, please try again later.' },
  auth_error: { status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  invalid_request: { status: 400, type: 'invalid_request_error', code: 'invalid_request', message: 'The request is invalid.' },
  context_overflow: {
    status: 400,
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
    message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 200000 tokens.",
  },
  quota_exceeded: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.' },
  not_found: { status: 404, type: 'invalid_request_error', code: 'not_found', message: 'Unknown path.' },
}

export const openAiErrorBody = (spec: ErrorSpec, message: string): unknown => ({
  error: { message, type: spec.type, param: null, code: spec.code ?? null },
})

/** The trailing part of an OpenAI-style path, with or without a version prefix. */
export const openAiRoute = (suffix: string) => (path: string) => (path === suffix || path.endsWith(suffix) ? {} : undefined)

export const openaiChat: Codec = {
  wire: 'openai-chat',
  route: openAiRoute('/chat/completions'),
  decodeRequest,
  encoder,
  encodeJson,
  decoder,
  decodeJson,
  errors: OPENAI_ERRORS,
  errorBody: openAiErrorBody,
  malformedEvent: (ctx) => ({ data: { ...base(ctx), choices: [null] } }),
  authHeader: (key) => ['authorization', `Bearer ${key}`],
}
