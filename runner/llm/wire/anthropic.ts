// Anthropic Messages (claude-agent-acp): message_start, content blocks (text | thinking | tool_use), message_delta, message_stop.
import type { FinishReason, NeutralChunk, NeutralMessage, NeutralRequest, Part } from '../neutral.js'
import {
  arr,
  collect,
  obj,
  parseArgs,
  rest,
  sse,
  str,
  textOf,
  usageOf,
  type Codec,
  type EncodeContext,
  type Json,
  type StreamDecoder,
  type StreamEncoder,
} from './types.js'

const STOP_OUT: Record<FinishReason, string> = { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use', content_filter: 'refusal' }
const STOP_IN: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
}

function part(raw: unknown): Part {
  const b = obj(raw)
  switch (b.type) {
    case 'text':
      return { type: 'text', text: str(b.text) ?? '' }
    case 'thinking':
      return { type: 'reasoning', text: str(b.thinking) ?? '' }
    case 'image': {
      const source = obj(b.source)
      return source.type === 'base64'
        ? { type: 'image', mimeType: str(source.media_type), data: str(source.data) }
        : { type: 'image', url: str(source.url) }
    }
    case 'tool_use':
      return { type: 'tool_call', id: str(b.id) ?? '', name: str(b.name) ?? '', arguments: JSON.stringify(b.input ?? {}) }
    case 'tool_result':
      return { type: 'tool_result', id: str(b.tool_use_id) ?? '', content: textOf(b.content), ...(b.is_error ? { isError: true } : {}) }
    default:
      return { type: 'text', text: JSON.stringify(b) }
  }
}

function decodeRequest(raw: unknown): NeutralRequest {
  const body = obj(raw)
  const messages: NeutralMessage[] = []
  for (const m of arr(body.messages).map(obj)) {
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : arr(m.content).map(part)
    if (m.role === 'assistant') {
      messages.push({ role: 'assistant', content: parts })
      continue
    }
    // Tool results ride in user messages on this wire; neutrally they are tool messages.
    const results = parts.filter((p) => p.type === 'tool_result')
    const others = parts.filter((p) => p.type !== 'tool_result')
    if (results.length) messages.push({ role: 'tool', content: results })
    if (others.length || !results.length) messages.push({ role: 'user', content: others })
  }
  const tools = arr(body.tools).map((raw) => {
    const t = obj(raw)
    const { name, description, input_schema, ...other } = t
    return { name: str(name) ?? '', description: str(description), parameters: input_schema ?? other }
  })
  return {
    model: str(body.model) ?? '',
    system: textOf(body.system),
    messages,
    tools,
    params: rest(body, ['model', 'system', 'messages', 'tools', 'stream']),
    stream: body.stream === true,
  }
}

const usageOut = (inputTokens: number, outputTokens: number) => ({ input_tokens: inputTokens, output_tokens: outputTokens })
const ev = (type: string, data: Json) => sse({ type, ...data }, type)

function encoder(ctx: EncodeContext): StreamEncoder {
  const usage = usageOf(ctx.usage)
  let index = -1
  let open: 'text' | 'thinking' | 'tool' | undefined
  const close = (): string => {
    if (!open) return ''
    open = undefined
    return ev('content_block_stop', { index })
  }
  const openBlock = (kind: 'text' | 'thinking' | 'tool', block: Json): string => {
    const closed = close()
    open = kind
    index++
    return closed + ev('content_block_start', { index, content_block: block })
  }
  const delta = (d: Json) => ev('content_block_delta', { index, delta: d })
  return {
    start: () =>
      ev('message_start', {
        message: {
          id: `msg_${ctx.call}`,
          type: 'message',
          role: 'assistant',
          model: ctx.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: usageOut(usage.inputTokens, 0),
        },
      }),
    chunk(chunk) {
      switch (chunk.type) {
        case 'text':
          return (open === 'text' ? '' : openBlock('text', { type: 'text', text: '' })) + delta({ type: 'text_delta', text: chunk.text })
        case 'reasoning':
          return (
            (open === 'thinking' ? '' : openBlock('thinking', { type: 'thinking', thinking: '', signature: '' })) +
            delta({ type: 'thinking_delta', thinking: chunk.text })
          )
        case 'tool_call_start':
          return openBlock('tool', { type: 'tool_use', id: chunk.id, name: chunk.name, input: {} })
        case 'tool_call_delta':
          return delta({ type: 'input_json_delta', partial_json: chunk.arguments })
        case 'tool_call_end':
          return close()
        case 'finish':
          return (
            close() +
            ev('message_delta', {
              delta: { stop_reason: STOP_OUT[chunk.reason], stop_sequence: null },
              usage: { output_tokens: usageOf(chunk.usage).outputTokens },
            })
          )
      }
    },
    end: () => ev('message_stop', {}),
  }
}

function encodeJson(chunks: readonly NeutralChunk[], ctx: EncodeContext): unknown {
  const c = collect(chunks)
  const usage = usageOf(c.usage)
  return {
    id: `msg_${ctx.call}`,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content: [
      ...(c.reasoning ? [{ type: 'thinking', thinking: c.reasoning, signature: '' }] : []),
      ...(c.text ? [{ type: 'text', text: c.text }] : []),
      ...c.toolCalls.map((t) => ({ type: 'tool_use', id: t.id, name: t.name, input: parseArgs(t.arguments) })),
    ],
    stop_reason: STOP_OUT[c.finish],
    stop_sequence: null,
    usage: usageOut(usage.inputTokens, usage.outputTokens),
  }
}

function decoder(): StreamDecoder {
  let inputTokens = 0
  let tools = 0
  const toolAt = new Map<number, number>()
  let finish: FinishReason | undefined
  let outputTokens = 0
  let done = false
  const emitFinish = (): NeutralChunk[] => {
    if (done || finish === undefined) return []
    done = true
    return [{ type: 'finish', reason: finish, usage: { inputTokens, outputTokens } }]
  }
  return {
    push(event) {
      const data = obj(JSON.parse(event.data))
      switch (data.type) {
        case 'message_start':
          inputTokens = Number(obj(obj(data.message).usage).input_tokens ?? 0)
          return []
        case 'content_block_start': {
          const block = obj(data.content_block)
          if (block.type === 'tool_use') {
            const index = tools++
            toolAt.set(Number(data.index), index)
            return [{ type: 'tool_call_start', index, id: str(block.id) ?? '', name: str(block.name) ?? '' }]
          }
          if (block.type === 'text' && str(block.text)) return [{ type: 'text', text: block.text }]
          return []
        }
        case 'content_block_delta': {
          const d = obj(data.delta)
          if (d.type === 'text_delta' && str(d.text)) return [{ type: 'text', text: d.text }]
          if (d.type === 'thinking_delta' && str(d.thinking)) return [{ type: 'reasoning', text: d.thinking }]
          const index = toolAt.get(Number(data.index))
          if (d.type === 'input_json_delta' && index !== undefined && str(d.partial_json)) {
            return [{ type: 'tool_call_delta', index, arguments: d.partial_json }]
          }
          return []
        }
        case 'content_block_stop': {
          const index = toolAt.get(Number(data.index))
          return index === undefined ? [] : [{ type: 'tool_call_end', index }]
        }
        case 'message_delta':
          finish = STOP_IN[str(obj(data.delta).stop_reason) ?? ''] ?? 'stop'
          outputTokens = Number(obj(data.usage).output_tokens ?? 0)
          return []
        case 'message_stop':
          return emitFinish()
        default:
          return []
      }
    },
    end: emitFinish,
  }
}

function decodeJson(raw: unknown): NeutralChunk[] {
  const body = obj(raw)
  const out: NeutralChunk[] = []
  let tools = 0
  for (const b of arr(body.content).map(obj)) {
    if (b.type === 'thinking' && str(b.thinking)) out.push({ type: 'reasoning', text: b.thinking })
    else if (b.type === 'text' && str(b.text)) out.push({ type: 'text', text: b.text })
    else if (b.type === 'tool_use') {
      const index = tools++
      out.push({ type: 'tool_call_start', index, id: str(b.id) ?? '', name: str(b.name) ?? '' })
      out.push({ type: 'tool_call_delta', index, arguments: JSON.stringify(b.input ?? {}) })
      out.push({ type: 'tool_call_end', index })
    }
  }
  const usage = obj(body.usage)
  out.push({
    type: 'finish',
    reason: STOP_IN[str(body.stop_reason) ?? ''] ?? 'stop',
    usage: { inputTokens: Number(usage.input_tokens ?? 0), outputTokens: Number(usage.output_tokens ?? 0) },
  })
  return out
}

export const anthropic: Codec = {
  wire: 'anthropic',
  route: (path) => (path.endsWith('/messages') ? {} : undefined),
  decodeRequest,
  encoder,
  encodeJson,
  decoder,
  decodeJson,
  errors: {
    rate_limit: { status: 429, type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' },
    server_error: { status: 500, type: 'api_error', message: 'Internal server error' },
    service_unavailable: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
    auth_error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
    invalid_request: { status: 400, type: 'invalid_request_error', message: 'The request is invalid.' },
    context_overflow: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    quota_exceeded: {
      status: 400,
      type: 'invalid_request_error',
      message: 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
    },
    not_found: { status: 404, type: 'not_found_error', message: 'Not found' },
  },
  errorBody: (spec, message) => ({ type: 'error', error: { type: spec.type, message } }),
  malformedEvent: () => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: null } }),
  authHeader: (key) => ['x-api-key', key],
}
