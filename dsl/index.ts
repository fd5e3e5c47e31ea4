// The authoring surface: `import { initialize, reply, toolCall } from 'acp-scenario'`.
export { initialize, headless } from './builder.js'
export type { BeforeSession, InSession, Settings, StepOptions, FileWait, PermissionAnswer } from './builder.js'
export { reply, reasoning, toolCall, toolCalls, behaviour } from './llm.js'
export type { ContentBlock, LlmEntry, LlmParams, ToolCallSpec, ClientCapabilities, WorkspaceSetting } from './types.js'
export { BEHAVIOUR_NAMES, PERMISSION_KINDS } from './names.js'
export type { BehaviourName, PermissionKind } from './names.js'
