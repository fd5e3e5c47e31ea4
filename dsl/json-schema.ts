// generated/input.schema.json: the input.json schema as JSON Schema, for editors.
import { z } from 'zod'
import { inputSchema } from './schema.js'

export const INPUT_SCHEMA_FILE = 'input.schema.json'

let cached: string | undefined
export function inputJsonSchemaText(): string {
  cached ??= `${JSON.stringify(z.toJSONSchema(inputSchema), null, 2)}\n`
  return cached
}
