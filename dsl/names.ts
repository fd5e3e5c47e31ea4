// Closed vocabularies shared by the DSL, the input.json schema, the model server and the runner.

/** Behaviours that answer with an HTTP error in the provider's own shape; the codecs spell each one. */
export const ERROR_BEHAVIOURS = ['rate_limit', 'server_error', 'service_unavailable', 'auth_error', 'invalid_request', 'context_overflow', 'quota_exceeded'] as const

/** The mock model behaviours of the DeepSeek Harness mock server, plus `connection_refused`. */
export const BEHAVIOUR_NAMES = [
  'success',
  'reasoning_success',
  'tool_call_success',
  'slow_success',
  'max_tokens',
  'empty',
  'empty_body',
  'stream_eof',
  'partial_eof',
  'partial_disconnect',
  'stream_disconnect',
  'connection_reset',
  'stall',
  'malformed_json',
  'malformed_event',
  'wrong_content_type',
  ...ERROR_BEHAVIOURS,
  'random',
  'connection_refused',
] as const
export type BehaviourName = (typeof BEHAVIOUR_NAMES)[number]

export const PERMISSION_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const
export type PermissionKind = (typeof PERMISSION_KINDS)[number]

export const WIRE_NAMES = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const
export type WireName = (typeof WIRE_NAMES)[number]
