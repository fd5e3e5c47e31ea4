// The DSL's plain types (dsl/types.ts) must stay interchangeable with the zod schema's inferred types.
import type { z } from 'zod'
import type { ClientCapabilities, ContentBlock, LlmEntry, ToolCallSpec, WorkspaceSetting } from '../../dsl/types.js'
import type { ClientCapabilitiesSetting, ContentBlock as SchemaContentBlock, LlmEntry as SchemaLlmEntry, ToolCallSpec as SchemaToolCallSpec, workspaceSchema } from '../../dsl/schema.js'

/** Identical types (mutual assignability is too lax: it ignores a missing optional key). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const same = <T extends true>(): T => true as T

same<Same<LlmEntry, Omit<SchemaLlmEntry, 'at'>>>()
same<Same<ToolCallSpec, SchemaToolCallSpec>>()
same<Same<ClientCapabilities, ClientCapabilitiesSetting>>()
same<Same<ContentBlock, SchemaContentBlock>>()
same<Same<WorkspaceSetting, z.infer<typeof workspaceSchema>>>()
