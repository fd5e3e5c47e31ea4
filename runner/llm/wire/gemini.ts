// Gemini generateContent / streamGenerateContent?alt=sse (gemini-cli): candidates with parts; whole function calls.
import type { FinishReason, NeutralChunk, NeutralMessage, NeutralRequest, Part, Usage } from '../neutral.js'
import {
  arr,
  collect,
  obj,
  parseArgs,
  rest,
  sse,
  str,
  usageOf,
  wholeToolCall,
  type Codec,
  type EncodeContext,
  type Json,
  type Route,
  type StreamDecoder,
  type StreamEncoder,
} from './types.js'

const FINISH_OUT: Record<FinishReason, string> = { stop: 'STOP', length: 'MAX_TOKENS', tool_calls: 'STOP', content_filter: 'SAFETY' }
const FINISH_IN: Record<string, FinishReason> = { STOP: 'stop', MAX_TOKENS: 'length', SAFETY: 'content_filter', RECITATION: 'content_filter', PROHIBITED_CONTENT: 'content_filter' }

const ROUTE = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/

function part(raw: unknown): Part {
  const p = obj(raw)
  if (p.functionCall) {
    const fc = obj(p.functionCall)
    return { type: 'tool_call', id: str(fc.id) ?? '', name: str(fc.name) ?? '', arguments: JSON.stringify(fc.args ?? {}) }
  }
  if (p.functionResponse) {
    const fr = obj(p.functionResponse)
    return { type: 'tool_result', id: str(fr.id) ?? '', name: str(fr.name), content: JSON.stringify(fr.response ?? {}) }
  }
  if (p.inlineData) return { type: 'image', mimeType: str(obj(p.inlineData).mimeType), data: str(obj(p.inlineData).data) }
  if (p.fileData) return { type: 'image', mimeType: str(obj(p.fileData).mimeType), url: str(obj(p.fileData).fileUri) }
  if (typeof p.text === 'string') return p.thought ? { type: 'reasoning', text: p.text } : { type: 'text', text: p.text }
  return { type: 'text', text: JSON.stringify(p) }
}

const systemText = (value: unknown): string =>
  typeof value === 'string' ? value : arr(obj(value).parts).map((p) => str(obj(p).text) ?? '').join('\n')

function decodeRequest(raw: unknown, route: Route): NeutralRequest {
  const body = obj(raw)
  const messages: NeutralMessage[] = arr(body.contents).map((raw) => {
    const c = obj(raw)
    const content = arr(c.parts).map(part)
    const role = c.role === 'model' ? 'assistant' : content.length > 0 && content.every((p) => p.type === 'tool_result') ? 'tool' : 'user'
    return { role, content }
  })
  const tools = arr(body.tools).flatMap((raw) => {
    const t = obj(raw)
    if (!t.functionDeclarations) return Object.entries(t).map(([name, parameters]) => ({ name, parameters }))
    return arr(t.functionDeclarations).map((d) => {
      const f = obj(d)
      return { name: str(f.name) ?? '', description: str(f.description), parameters: f.parametersJsonSchema ?? f.parameters }
    })
  })
  return {
    model: route.model ?? str(body.model) ?? '',
    system: systemText(body.systemInstruction),
    messages,
    tools,
    params: rest(body, ['model', 'contents', 'systemInstruction', 'tools']),
    stream: route.stream === true,
  }
}

const usageOut = (u: Usage) => ({ promptTokenCount: u.inputTokens, candidatesTokenCount: u.outputTokens, totalTokenCount: u.inputTokens + u.outputTokens })

const candidate = (ctx: EncodeContext, parts: Json[], extra: Json = {}): Json => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }],
  modelVersion: ctx.model,
  responseId: `resp_${ctx.call}`,
})

function encoder(ctx: EncodeContext): StreamEncoder {
  // Gemini sends each function call whole, so arguments are gathered until the call ends.
  const calls = new Map<number, { id: string; name: string; args: string }>()
  return {
    start: () => '',
    chunk(chunk) {
      switch (chunk.type) {
        case 'text':
          return sse(candidate(ctx, [{ text: chunk.text }]))
        case 'reasoning':
          return sse(candidate(ctx, [{ text: chunk.text, thought: true }]))
        case 'tool_call_start':
          calls.set(chunk.index, { id: chunk.id, name: chunk.name, args: '' })
          return ''
        case 'tool_call_delta': {
          const call = calls.get(chunk.index)
          if (call) call.args += chunk.arguments
          return ''
        }
        case 'tool_call_end': {
          const call = calls.get(chunk.index)
          return call ? sse(candidate(ctx, [{ functionCall: { id: call.id, name: call.name, args: parseArgs(call.args) } }])) : ''
        }
        case 'finish':
          return sse({ ...candidate(ctx, [{ text: '' }], { finishReason: FINISH_OUT[chunk.reason] }), usageMetadata: usageOut(usageOf(chunk.usage)) })
      }
    },
    end: () => '',
  }
}

function encodeJson(chunks: readonly NeutralChunk[], ctx: EncodeContext): unknown {
  const c = collect(chunks)
  const parts: Json[] = [
    ...(c.reasoning ? [{ text: c.reasoning, thought: true }] : []),
    ...(c.text ? [{ text: c.text }] : []),
    ...c.toolCalls.map((t) => ({ functionCall: { id: t.id, name: t.name, args: parseArgs(t.arguments) } })),
  ]
  return { ...candidate(ctx, parts, { finishReason: FINISH_OUT[c.finish] }), usageMetadata: usageOut(usageOf(c.usage)) }
}

const usageIn = (u: unknown): Usage => ({ inputTokens: Number(obj(u).promptTokenCount ?? 0), outputTokens: Number(obj(u).candidatesTokenCount ?? 0) })

/** Chunks of one response body (a whole JSON answer, or one SSE event); `state` carries tool numbering across events. */
function bodyChunks(body: Json, state: { tools: number }): { chunks: NeutralChunk[]; finish?: string; usage?: Usage } {
  const cand = obj(arr(body.candidates)[0])
  const chunks: NeutralChunk[] = []
  for (const p of arr(obj(cand.content).parts).map(obj)) {
    if (p.functionCall) {
      const fc = obj(p.functionCall)
      const index = state.tools++
      chunks.push(...wholeToolCall(index, str(fc.id) ?? `call_${index}`, str(fc.name) ?? '', JSON.stringify(fc.args ?? {})))
    } else if (str(p.text)) chunks.push(p.thought ? { type: 'reasoning', text: p.text } : { type: 'text', text: p.text })
  }
  return {
    chunks,
    ...(str(cand.finishReason) ? { finish: cand.finishReason } : {}),
    ...(body.usageMetadata ? { usage: usageIn(body.usageMetadata) } : {}),
  }
}

const finishChunk = (finish: string, tools: number, usage?: Usage): NeutralChunk => ({
  type: 'finish',
  reason: finish === 'STOP' && tools > 0 ? 'tool_calls' : (FINISH_IN[finish] ?? 'stop'),
  ...(usage ? { usage } : {}),
})

function decoder(): StreamDecoder {
  const state = { tools: 0 }
  let finish: string | undefined
  let usage: Usage | undefined
  return {
    push(event) {
      const got = bodyChunks(obj(JSON.parse(event.data)), state)
      if (got.finish) finish = got.finish
      if (got.usage) usage = got.usage
      return got.chunks
    },
    end: () => (finish === undefined ? [] : [finishChunk(finish, state.tools, usage)]),
  }
}

function decodeJson(raw: unknown): NeutralChunk[] {
  const state = { tools: 0 }
  const got = bodyChunks(obj(raw), state)
  return [...got.chunks, finishChunk(got.finish ?? 'STOP', state.tools, got.usage)]
}

export const gemini: Codec = {
  wire: 'gemini',
  route: (path) => {
    const m = ROUTE.exec(path)
    return m ? { model: decodeURIComponent(m[1]!), stream: m[2] === 'streamGenerateContent' } : undefined
  },
  decodeRequest,
  encoder,
  encodeJson,
  decoder,
  decodeJson,
  errors: {
    rate_limit: { status: 429, type: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
    server_error: { status: 500, type: 'INTERNAL', message: 'An internal error has occurred.' },
    service_unavailable: { status: 503, type: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
    auth_error: { status: 401, type: 'UNAUTHENTICATED', message: 'API key not valid. Please pass a valid API key.' },
    invalid_request: { status: 400, type: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
    context_overflow: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    },
    quota_exceeded: {
      status: 429,
      type: 'RESOURCE_EXHAUSTED',
      message: 'You exceeded your current quota, please check your plan and billing details.',
    },
    not_found: { status: 404, type: 'NOT_FOUND', message: 'Not found.' },
  },
  errorBody: (spec, message, retryAfter) => ({
    error: {
      code: spec.status,
      message,
      status: spec.type,
      ...(retryAfter === undefined ? {} : { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfter}s` }] }),
    },
  }),
  malformedEvent: () => ({ data: { candidates: [null] } }),
  authHeader: (key) => ['x-goog-api-key', key],
}
