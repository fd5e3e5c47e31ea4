// The tools offered to the model, by name.
import type { ChatTool } from '../loop/chat-types.js'
import { listFilesTool } from './list-files.js'
import { readFileTool } from './read-file.js'
import { runCommandTool } from './run-command.js'
import type { ToolDefinition } from './types.js'
import { writeFileTool } from './write-file.js'

export const TOOLS: readonly ToolDefinition<any>[] = [readFileTool, listFilesTool, writeFileTool, runCommandTool]

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition<any>> = new Map(TOOLS.map((tool) => [tool.name, tool]))

export const CHAT_TOOLS: ChatTool[] = TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}))
