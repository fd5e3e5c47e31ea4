import { initialize, toolCall } from 'acp-scenario'

export default initialize()
  .description('codex-acp asks before exec_command runs; the client rejects it, the file is not written and the turn ends without another model call.')
  .agent('codex')
  .tags('codex', 'permissions')
  .workspace({ expect: true })
  .newSession()
  .llm(toolCall('exec_command', { cmd: "printf 'draft\\n' > notes.txt" }))
  .prompt('Write "draft" to notes.txt.')
  .permit('reject_once')
