// OpenAI Responses (codex-acp): typed events, output items (reasoning | message | function_call), response.completed.
import type { FinishReason, NeutralChunk, NeutralMessage, NeutralRequest, Part, Usage } from '../neutral.js'
import { OPENAI_ERRORS, openAiErrorBody, openAiRoute } from './openai-chat.js'
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
  type Json,
  type StreamDecoder,
  type StreamEncoder,
} from './types.js'

function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  return arr(content).map((raw): Part => {
    const p = obj(raw)
    if (p.type === 'input_image') return imagePart(str(p.image_url) ?? str(p.file_id) ?? '')
    return { type: 'text', text: str(p.text) ?? JSON.stringify(p) }
  })
}

function decodeRequest(raw: unknown): NeutralRequest {
  const body = obj(raw)
  const system: string[] = str(body.instructions) ? [body.instructions] : []
  const messages: NeutralMessage[] = []
  const push = (role: NeutralMessage['role'], part: Part) => {
    const last = messages[messages.length - 1]
    if (role === 'assistant' && last?.role === 'assistant') last.content.push(part)
    else messages.push({ role, content: [part] })
  }
  const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : arr(body.input)
  for (const item of input.map(obj)) {
    const type = item.type ?? 'message'
    if (type === 'message' && (item.role === 'system' || item.role === 'developer')) system.push(textOf(item.content))
    else if (type === 'message') {
      const role = item.role === 'assistant' ? 'assistant' : 'user'
      for (const p of contentParts(item.content)) push(role, p)
    } else if (type === 'function_call') {
      push('assistant', { type: 'tool_call', id: str(item.call_id) ?? '', name: str(item.name) ?? '', arguments: str(item.arguments) ?? '' })
    } else if (type === 'function_call_output') {
      push('tool', { type: 'tool_result', id: str(item.call_id) ?? '', content: textOf(item.output) })
    } else if (type === 'reasoning') {
      push('assistant', { type: 'reasoning', text: textOf(item.summary) })
    } else push('user', { type: 'text', text: JSON.stringify(item) })
  }
  const tools = arr(body.tools).map((raw) => {
    const { type, name, description, parameters, ...other } = obj(raw)
    return type === 'function'
      ? { name: str(name) ?? '', description: str(description), parameters }
      : { name: str(name) ?? str(type) ?? '', description: str(description), parameters: { type, ...other } }
  })
  return {
    model: str(body.model) ?? '',
    system: system.join('\n\n'),
    messages,
    tools,
    params: rest(body, ['model', 'instructions', 'input', 'tools', 'stream']),
    stream: body.stream === true,
  }
}

const usageOut = (u: Usage) => ({
  input_tokens: u.inputTokens,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: u.outputTokens,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: u.inputTokens + u.outputTokens,
})

const responseObject = (ctx: EncodeContext, status: string, output: Json[], reason?: FinishReason, usage?: Usage): Json => ({
  id: `resp_${ctx.call}`,
  object: 'response',
  created_at: 0,
  status,
  error: null,
  incomplete_details: reason === 'length' ? { reason: 'max_output_tokens' } : null,
  model: ctx.model,
  output,
  parallel_tool_calls: true,
  tool_choice: 'auto',
  tools: [],
  usage: usage ? usageOut(usage) : null,
})

const statusOf = (reason: FinishReason) => (reason === 'length' ? 'incomplete' : 'completed')

const messageItem = (id: string, text: string, status: string) => ({
  type: 'message',
  id,
  status,
  role: 'assistant',
  content: status === 'in_progress' ? [] : [{ type: 'output_text', text, annotations: [] }],
})
const reasoningItem = (id: string, text: string | undefined) => ({ type: 'reasoning', id, summary: text === undefined ? [] : [{ type: 'summary_text', text }] })
const callItem = (id: string, callId: string, name: string, args: string, status: string) => ({
  type: 'function_call',
  id,
  call_id: callId,
  name,
  arguments: args,
  status,
})

function encoder(ctx: EncodeContext): StreamEncoder {
  let seq = 0
  const ev = (type: string, data: Json) => sse({ type, sequence_number: seq++, ...data }, type)
  const output: Json[] = []
  let open: { kind: 'message' | 'reasoning' | 'tool'; id: string; index: number; text: string; callId?: string; name?: string } | undefined
  const close = (): string => {
    if (!open) return ''
    const o = open
    open = undefined
    const at = { item_id: o.id, output_index: o.index }
    if (o.kind === 'message') {
      const item = messageItem(o.id, o.text, 'completed')
      output.push(item)
      return (
        ev('response.output_text.done', { ...at, content_index: 0, text: o.text }) +
        ev('response.content_part.done', { ...at, content_index: 0, part: { type: 'output_text', text: o.text, annotations: [] } }) +
        ev('response.output_item.done', { output_index: o.index, item })
      )
    }
    if (o.kind === 'reasoning') {
      const item = reasoningItem(o.id, o.text)
      output.push(item)
      return (
        ev('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: o.text }) +
        ev('response.reasoning_summary_part.done', { ...at, summary_index: 0, part: { type: 'summary_text', text: o.text } }) +
        ev('response.output_item.done', { output_index: o.index, item })
      )
    }
    const item = callItem(o.id, o.callId ?? '', o.name ?? '', o.text, 'completed')
    output.push(item)
    return ev('response.function_call_arguments.done', { ...at, arguments: o.text }) + ev('response.output_item.done', { output_index: o.index, item })
  }
  const openItem = (kind: 'message' | 'reasoning', prefix: string): string => {
    if (open?.kind === kind) return ''
    const closed = close()
    const index = output.length
    const id = `${prefix}_${ctx.call}_${index}`
    open = { kind, id, index, text: '' }
    const at = { item_id: id, output_index: index }
    return kind === 'message'
      ? closed +
          ev('response.output_item.added', { output_index: index, item: messageItem(id, '', 'in_progress') }) +
          ev('response.content_part.added', { ...at, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } })
      : closed +
          ev('response.output_item.added', { output_index: index, item: reasoningItem(id, undefined) }) +
          ev('response.reasoning_summary_part.added', { ...at, summary_index: 0, part: { type: 'summary_text', text: '' } })
  }
  return {
    start: () =>
      ev('response.created', { response: responseObject(ctx, 'in_progress', []) }) +
      ev('response.in_progress', { response: responseObject(ctx, 'in_progress', []) }),
    chunk(chunk) {
      switch (chunk.type) {
        case 'text': {
          const head = openItem('message', 'msg')
          open!.text += chunk.text
          return head + ev('response.output_text.delta', { item_id: open!.id, output_index: open!.index, content_index: 0, delta: chunk.text })
        }
        case 'reasoning': {
          const head = openItem('reasoning', 'rs')
          open!.text += chunk.text
          return head + ev('response.reasoning_summary_text.delta', { item_id: open!.id, output_index: open!.index, summary_index: 0, delta: chunk.text })
        }
        case 'tool_call_start': {
          const closed = close()
          const index = output.length
          const id = `fc_${ctx.call}_${index}`
          open = { kind: 'tool', id, index, text: '', callId: chunk.id, name: chunk.name }
          return closed + ev('response.output_item.added', { output_index: index, item: callItem(id, chunk.id, chunk.name, '', 'in_progress') })
        }
        case 'tool_call_delta':
          if (open?.kind !== 'tool') return ''
          open.text += chunk.arguments
          return ev('response.function_call_arguments.delta', { item_id: open.id, output_index: open.index, delta: chunk.arguments })
        case 'tool_call_end':
          return close()
        case 'finish': {
          const closed = close()
          const status = statusOf(chunk.reason)
          return closed + ev(`response.${status}`, { response: responseObject(ctx, status, output, chunk.reason, usageOf(chunk.usage)) })
        }
      }
    },
    end: () => '',
  }
}

function encodeJson(chunks: readonly NeutralChunk[], ctx: EncodeContext): unknown {
  const c = collect(chunks)
  const output: Json[] = []
  if (c.reasoning) output.push(reasoningItem(`rs_${ctx.call}_${output.length}`, c.reasoning))
  if (c.text) output.push(messageItem(`msg_${ctx.call}_${output.length}`, c.text, 'completed'))
  for (const t of c.toolCalls) output.push(callItem(`fc_${ctx.call}_${output.length}`, t.id, t.name, t.arguments, 'completed'))
  return responseObject(ctx, statusOf(c.finish), output, c.finish, usageOf(c.usage))
}

const usageIn = (u: unknown): Usage => ({ inputTokens: Number(obj(u).input_tokens ?? 0), outputTokens: Number(obj(u).output_tokens ?? 0) })
const finishOf = (response: Json, sawTool: boolean): FinishReason =>
  response.status === 'incomplete' ? 'length' : sawTool ? 'tool_calls' : 'stop'

function decoder(): StreamDecoder {
  const toolIndex = new Map<string, number>()
  return {
    push(event) {
      const data = obj(JSON.parse(event.data))
      const item = obj(data.item)
      switch (data.type) {
        case 'response.output_item.added': {
          if (item.type !== 'function_call') return []
          const index = toolIndex.size
          toolIndex.set(str(item.id) ?? '', index)
          const start: NeutralChunk = { type: 'tool_call_start', index, id: str(item.call_id) ?? '', name: str(item.name) ?? '' }
          return str(item.arguments) ? [start, { type: 'tool_call_delta', index, arguments: item.arguments }] : [start]
        }
        case 'response.output_text.delta':
          return str(data.delta) ? [{ type: 'text', text: data.delta }] : []
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          return str(data.delta) ? [{ type: 'reasoning', text: data.delta }] : []
        case 'response.function_call_arguments.delta': {
          const index = toolIndex.get(str(data.item_id) ?? '')
          return index !== undefined && str(data.delta) ? [{ type: 'tool_call_delta', index, arguments: data.delta }] : []
        }
        case 'response.output_item.done': {
          const index = item.type === 'function_call' ? toolIndex.get(str(item.id) ?? '') : undefined
          return index === undefined ? [] : [{ type: 'tool_call_end', index }]
        }
        case 'response.completed':
        case 'response.incomplete': {
          const response = obj(data.response)
          return [{ type: 'finish', reason: finishOf(response, toolIndex.size > 0), usage: usageIn(response.usage) }]
        }
        default:
          return []
      }
    },
    end: () => [],
  }
}

function decodeJson(raw: unknown): NeutralChunk[] {
  const body = obj(raw)
  const out: NeutralChunk[] = []
  let tools = 0
  for (const item of arr(body.output).map(obj)) {
    if (item.type === 'reasoning') {
      const text = textOf(item.summary)
      if (text) out.push({ type: 'reasoning', text })
    } else if (item.type === 'message') {
      const text = textOf(item.content)
      if (text) out.push({ type: 'text', text })
    } else if (item.type === 'function_call') {
      const index = tools++
      out.push({ type: 'tool_call_start', index, id: str(item.call_id) ?? '', name: str(item.name) ?? '' })
      if (str(item.arguments)) out.push({ type: 'tool_call_delta', index, arguments: item.arguments })
      out.push({ type: 'tool_call_end', index })
    }
  }
  out.push({ type: 'finish', reason: finishOf(body, tools > 0), usage: usageIn(body.usage) })
  return out
}

export const openaiResponses: Codec = {
  wire: 'openai-responses',
  route: openAiRoute('/responses'),
  decodeRequest,
  encoder,
  encodeJson,
  decoder,
  decodeJson,
  errors: OPENAI_ERRORS,
  errorBody: openAiErrorBody,
  malformedEvent: () => ({
    event: 'response.output_text.delta',
    data: { type: 'response.output_text.delta', sequence_number: 0, item_id: null, output_index: null, delta: null },
  }),
  authHeader: (key) => ['authorization', `Bearer ${key}`],
}
