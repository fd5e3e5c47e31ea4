import { initialize } from 'acp-scenario'

export default initialize()
  .description('ACP handshake only: initialize, then open a session; no model call.')
  .tags('smoke')
  .newSession()
