import { z } from 'zod'
import { parseWith } from './args.js'
import { confine, pathLocations } from './confine.js'
import { failed, textContent, type ToolDefinition } from './types.js'

const MAX_CHARS = 100_000
const schema = z.object({ path: z.string().min(1) })

export const readFileTool: ToolDefinition<z.infer<typeof schema>> = {
  name: 'read_file',
  description: 'Read a UTF-8 text file in the working directory. `path` is relative to the working directory.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string', description: 'File path relative to the working directory' } },
    required: ['path'],
    additionalProperties: false,
  },
  kind: 'read',
  needsPermission: false,
  parse: (args) => parseWith(schema, args),
  title: (input) => `Read ${input.path}`,
  locations: (input, root) => pathLocations(root, input.path),
  async run(input, context) {
    let text: string
    try {
      text = await context.files.readText(await confine(context.root, input.path))
    } catch (error) {
      return failed(error)
    }
    const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n[truncated: ${text.length} characters in total]` : text
    return { status: 'completed', output: shown, content: [textContent(shown)], rawOutput: { chars: text.length } }
  },
}
