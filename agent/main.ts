#!/usr/bin/env node
// acp-reference-agent: ACP over stdio (stdout carries only JSON-RPC lines; logs go to stderr).
// Only the SDK is loaded before the initialize response; the rest is imported on first use.
import { readFileSync } from 'node:fs'
import { Readable, Writable } from 'node:stream'
import { agent, ndJsonStream, PROTOCOL_VERSION, type ClientCapabilities } from '@agentclientprotocol/sdk'
import { readConfig } from './config.js'
import type { SessionRegistry } from './acp/sessions.js'

const log = (message: string) => process.stderr.write(`acp-reference-agent: ${message}\n`)

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
const config = (() => {
  try {
    return readConfig()
  } catch (error) {
    log((error as Error).message)
    process.exit(2)
  }
})()
let clientCapabilities: ClientCapabilities | undefined
let registry: Promise<SessionRegistry> | undefined
const sessions = () =>
  (registry ??= import('./acp/sessions.js').then(({ SessionRegistry }) => new SessionRegistry(config, () => clientCapabilities)))

const app = agent({ name: 'acp-reference-agent' })
  .onRequest('initialize', ({ params }) => {
    clientCapabilities = params.clientCapabilities
    return {
      protocolVersion: PROTOCOL_VERSION,
      agentInfo: { name: 'acp-reference-agent', title: 'ACP reference agent', version },
      agentCapabilities: {
        loadSession: false,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
      },
      authMethods: [],
    }
  })
  .onRequest('session/new', async ({ params }) => ({ sessionId: await (await sessions()).create(params.cwd) }))
  .onRequest('session/prompt', async ({ params, client }) => (await sessions()).prompt(client, params.sessionId, params.prompt))
  .onNotification('session/cancel', async ({ params }) => (await sessions()).cancel(params.sessionId))

const connection = app.connect(
  ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>),
)

let exiting = false
async function shutdown(code: number): Promise<void> {
  if (exiting) return
  exiting = true
  if (registry) (await registry).closeAll()
  process.exit(code)
}

// stdin EOF closes the connection: close logs, kill command process groups, exit.
void connection.closed.then(() => shutdown(0))
process.on('SIGTERM', () => void shutdown(143))
process.on('SIGINT', () => void shutdown(130))
process.on('uncaughtException', (error) => log(`uncaught exception: ${error.stack ?? error.message}`))
process.on('unhandledRejection', (error) => log(`unhandled rejection: ${error instanceof Error ? error.stack : String(error)}`))
