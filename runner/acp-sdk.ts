// The ACP SDK, loaded on first use. Importing it costs ~85 ms of CPU; the runner loads it right after
// spawning the agent, so that cost overlaps the agent's own start-up instead of preceding it.
export type Sdk = typeof import('@agentclientprotocol/sdk')

let loaded: Sdk | undefined
let loading: Promise<Sdk> | undefined

export function loadSdk(): Promise<Sdk> {
  loading ??= import('@agentclientprotocol/sdk').then((sdk) => (loaded = sdk))
  return loading
}

/** The SDK inside handlers and steps, which only run once the client is connected (so it is loaded). */
export function sdk(): Sdk {
  if (!loaded) throw new Error('the ACP SDK is used before the client connected')
  return loaded
}
