// The baseline for bench/agent.mjs: the smallest ACP agent the SDK allows (answers initialize only).
import { Readable, Writable } from 'node:stream'
import { agent, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk'

const connection = agent({ name: 'echo-agent' })
  .onRequest('initialize', () => ({ protocolVersion: PROTOCOL_VERSION, agentCapabilities: {}, authMethods: [] }))
  .connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)))
void connection.closed.then(() => process.exit(0))
