// The wire codecs, by name.
import type { WireName } from '../../../dsl/names.js'
import { openaiChat } from './openai-chat.js'
import type { Codec } from './types.js'

export const CODECS: Partial<Record<WireName, Codec>> = {
  'openai-chat': openaiChat,
}
