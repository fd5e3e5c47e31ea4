// llm.jsonl: a header line, then per model call one line holding its normalised request (and its fault, if
// it failed) followed by one line per streamed chunk, so a changed request or a changed reply is a small diff.
import { z } from 'zod'
import { WIRE_NAMES } from '../../dsl/names.js'
import { chunkSchema, faultSchema, requestSchema, responseSchema, type NeutralChunk } from './neutral.js'

export const cassetteHeaderSchema = z.strictObject({
  version: z.literal(1),
  wire: z.enum(WIRE_NAMES),
  recordedAt: z.string(),
  source: z.enum(['upstream', 'scripted']),
  model: z.string().optional(),
})
export type CassetteHeader = z.infer<typeof cassetteHeaderSchema>

export const cassetteCallSchema = z.strictObject({ request: requestSchema, response: responseSchema })
export type CassetteCall = z.infer<typeof cassetteCallSchema>

export interface Cassette {
  header: CassetteHeader
  calls: CassetteCall[]
}

const headerLine = z.strictObject({ type: z.literal('header'), ...cassetteHeaderSchema.shape })
const callLine = z.strictObject({
  type: z.literal('call'),
  call: z.number().int().positive(),
  request: requestSchema,
  delayMs: z.number().int().nonnegative().optional(),
  fault: faultSchema.optional(),
})
const chunkLine = z.strictObject({ type: z.literal('chunk'), call: z.number().int().positive(), chunk: chunkSchema })
const bodyLine = z.discriminatedUnion('type', [callLine, chunkLine])

const describe = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(line)'}: ${issue.message}`).join('; ')

export function parseCassette(text: string, file: string): Cassette {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const fail = (line: number, what: string): never => {
    throw new Error(`${file}:${line}: ${what}`)
  }
  const json = (index: number): unknown => {
    try {
      return JSON.parse(lines[index] ?? '')
    } catch (error) {
      return fail(index + 1, `expected one JSON object per line (${(error as Error).message})`)
    }
  }
  if (lines.length === 0) fail(1, 'expected a header line {"type":"header","version":1,...}, found an empty file')
  const head = headerLine.safeParse(json(0))
  if (!head.success) fail(1, `expected the header line {"type":"header","version":1,"wire",...}: ${describe(head.error)}`)
  const { type: _type, ...header } = head.data!
  const calls: CassetteCall[] = []
  let open: { chunks: NeutralChunk[]; fault: boolean } | undefined
  for (let i = 1; i < lines.length; i++) {
    const parsed = bodyLine.safeParse(json(i))
    if (!parsed.success) {
      fail(i + 1, `expected a {"type":"call",...} or {"type":"chunk",...} line: ${describe(parsed.error)}`)
    }
    const line = parsed.data!
    if (line.type === 'call') {
      if (line.call !== calls.length + 1) fail(i + 1, `expected call ${calls.length + 1}, found call ${line.call}`)
      const chunks: NeutralChunk[] = []
      calls.push({
        request: line.request,
        response: line.fault
          ? { kind: 'fault', fault: line.fault }
          : { kind: 'stream', chunks, ...(line.delayMs === undefined ? {} : { delayMs: line.delayMs }) },
      })
      open = { chunks, fault: line.fault !== undefined }
    } else {
      if (!open || line.call !== calls.length) fail(i + 1, `expected a chunk of call ${calls.length || 1} after its call line`)
      if (open!.fault) fail(i + 1, `expected no chunks after call ${line.call}, which is a fault`)
      open!.chunks.push(line.chunk)
    }
  }
  return { header, calls }
}

export function serializeCassette(cassette: Cassette): string {
  // zod rebuilds objects in schema order, so equal cassettes serialise to equal bytes.
  const lines: string[] = [JSON.stringify({ type: 'header', ...cassetteHeaderSchema.parse(cassette.header) })]
  cassette.calls.forEach(({ request, response }, i) => {
    const call = i + 1
    const r = requestSchema.parse(request)
    if (response.kind === 'fault') {
      lines.push(JSON.stringify({ type: 'call', call, request: r, fault: faultSchema.parse(response.fault) }))
      return
    }
    lines.push(JSON.stringify({ type: 'call', call, request: r, ...(response.delayMs === undefined ? {} : { delayMs: response.delayMs }) }))
    for (const chunk of response.chunks) lines.push(JSON.stringify({ type: 'chunk', call, chunk: chunkSchema.parse(chunk) }))
  })
  return lines.join('\n') + '\n'
}
