// The wire codecs, by name.
import type { WireName } from '../../../dsl/names.js'
import { anthropic } from './anthropic.js'
import { gemini } from './gemini.js'
import { openaiChat } from './openai-chat.js'
import { openaiResponses } from './openai-responses.js'
import type { Codec } from './types.js'

export const CODECS: Record<WireName, Codec> = {
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
}
