// Where tools read and write files: the client's fs/* methods when it advertises them, else the disk.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { AgentContext, ClientCapabilities } from '@agentclientprotocol/sdk'
import type { FileAccess } from './types.js'

export function fileAccess(client: AgentContext, sessionId: string, capabilities: ClientCapabilities | undefined): FileAccess {
  const fs = capabilities?.fs
  return {
    readText: fs?.readTextFile
      ? async (path) => (await client.request('fs/read_text_file', { sessionId, path })).content
      : (path) => readFile(path, 'utf8'),
    writeText: fs?.writeTextFile
      ? async (path, content) => {
          await client.request('fs/write_text_file', { sessionId, path, content })
        }
      : async (path, content) => {
          await mkdir(dirname(path), { recursive: true })
          await writeFile(path, content, 'utf8')
        },
  }
}
