import { z } from 'zod'
import { parseWith } from './args.js'
import { confine, pathLocations } from './confine.js'
import { failed, type ToolDefinition } from './types.js'

const schema = z.object({ path: z.string().min(1), content: z.string() })

export const writeFileTool: ToolDefinition<z.infer<typeof schema>> = {
  name: 'write_file',
  description: 'Create or overwrite a UTF-8 text file in the working directory with the given content. Parent directories are created.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path relative to the working directory' },
      content: { type: 'string', description: 'The complete new file content' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  kind: 'edit',
  needsPermission: true,
  parse: (args) => parseWith(schema, args),
  title: (input) => `Write ${input.path}`,
  locations: (input, root) => pathLocations(root, input.path),
  async run(input, context) {
    let path: string
    let oldText: string | null
    try {
      path = await confine(context.root, input.path)
      oldText = await context.files.readText(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || /not found|ENOENT/i.test(error.message)) return null
        throw error
      })
      await context.files.writeText(path, input.content)
    } catch (error) {
      return failed(error)
    }
    const lines = input.content.split('\n').length
    const output = `${oldText === null ? 'Created' : 'Wrote'} ${input.path} (${lines} line${lines === 1 ? '' : 's'})`
    return {
      status: 'completed',
      output,
      content: [{ type: 'diff', path, oldText, newText: input.content }],
      rawOutput: { path, created: oldText === null, bytes: Buffer.byteLength(input.content) },
    }
  },
}
