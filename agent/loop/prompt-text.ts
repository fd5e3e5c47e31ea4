// Flattens ACP prompt content blocks into the user message text sent to the model.
import type { ContentBlock } from '@agentclientprotocol/sdk'

const RENDER: { [K in ContentBlock['type']]: (block: Extract<ContentBlock, { type: K }>) => string } = {
  text: (block) => block.text,
  resource_link: (block) => `[file: ${block.uri}]`,
  resource: (block) =>
    'text' in block.resource ? `<file uri="${block.resource.uri}">\n${block.resource.text}\n</file>` : `[binary resource: ${block.resource.uri}]`,
  image: (block) => `[image ${block.mimeType} omitted: this agent reads text only]`,
  audio: (block) => `[audio ${block.mimeType} omitted: this agent reads text only]`,
}

export function promptText(blocks: ContentBlock[]): string {
  return blocks.map((block) => (RENDER[block.type] as (b: ContentBlock) => string)(block)).join('\n')
}
