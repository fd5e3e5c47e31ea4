// `acp-scenario llm-server`: the loopback model server on its own, for poking an agent by hand.
import { readFile } from 'node:fs/promises'
import JSON5 from 'json5'
import { z } from 'zod'
import { BEHAVIOUR_NAMES, type BehaviourName, type WireName } from '../../dsl/names.js'
import { llmEntrySchema, type LlmEntry } from '../../dsl/schema.js'
import { EXIT, UsageError } from '../errors.js'
import { parseCassette } from '../llm/cassette.js'
import { describeRequest, startLlmServer, type LlmSource } from '../llm/server.js'

interface Options {
  wire: WireName
  script?: string
  scriptFile?: string
  cassette?: string
  port?: number
}

function scriptEntries(list: string): LlmEntry[] {
  const names = list.split(',').map((s) => s.trim())
  const bad = names.filter((n) => !(BEHAVIOUR_NAMES as readonly string[]).includes(n))
  if (bad.length) throw new UsageError(`--script: unknown behaviour ${bad.map((b) => `"${b}"`).join(', ')}; expected names from: ${BEHAVIOUR_NAMES.join(', ')}`)
  return names.map((behaviour) => ({ behaviour: behaviour as BehaviourName }))
}

async function scriptFileEntries(file: string): Promise<LlmEntry[]> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new UsageError(`--script-file: cannot read ${file}: ${error.message}`)
  })
  let data: unknown
  try {
    data = JSON5.parse(text)
  } catch (error) {
    const e = error as Error & { lineNumber?: number; columnNumber?: number }
    throw new UsageError(`${file}:${e.lineNumber ?? 1}:${e.columnNumber ?? 1}: expected a json5 array of scripted entries (${e.message})`)
  }
  const parsed = z.array(llmEntrySchema).min(1).safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length ? `entry ${issue.path.join('.')}` : 'top level'
    throw new UsageError(`${file}: ${where}: ${issue.message} (expected an array of {behaviour, text?, toolCalls?, ...} entries)`)
  }
  return parsed.data
}

async function source(o: Options): Promise<LlmSource> {
  const given = [o.script, o.scriptFile, o.cassette].filter((x) => x !== undefined).length
  if (given !== 1) throw new UsageError('llm-server: give exactly one of --script <b1,b2,...>, --script-file <file.json5> or --cassette <llm.jsonl>')
  if (o.script !== undefined) return { kind: 'script', entries: scriptEntries(o.script) }
  if (o.scriptFile !== undefined) return { kind: 'script', entries: await scriptFileEntries(o.scriptFile) }
  const file = o.cassette!
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new UsageError(`--cassette: cannot read ${file}: ${error.message}`)
  })
  try {
    return { kind: 'cassette', cassette: parseCassette(text, file) }
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

export default async function llmServer(_filters: string[], raw: Record<string, unknown>): Promise<number> {
  const options = raw as unknown as Options
  const server = await startLlmServer({
    wire: options.wire,
    source: await source(options),
    ...(options.port === undefined ? {} : { port: options.port }),
    onRequest: (entry) => process.stderr.write(`${describeRequest(entry)}\n`),
  })
  process.stdout.write(`listening on ${server.url}\n`)
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'))
    process.once('SIGTERM', () => resolve('SIGTERM'))
  })
  await server.close()
  for (const problem of [...server.problems(), ...[server.assertConsumed()].filter((p) => p !== undefined)]) {
    process.stderr.write(`${problem.message}\n`)
  }
  process.stderr.write(`llm-server: stopped on ${signal}\n`)
  return EXIT.ok
}
