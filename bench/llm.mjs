// Benchmarks of the loopback model server (run after `npm run build`): replay throughput with no pacing, and
// the latency the record proxy adds over calling the same upstream directly, both measured in this run.
import { createParser } from 'eventsource-parser'
import { startLlmServer } from '../dist/runner/llm/server.js'
import { median } from './support/project.mjs'

const CHUNKS = 20_000
const ROUNDS = 5
const CALLS = 200

const request = { model: 'bench', system: '', messages: [], tools: [], params: {}, stream: true }
const body = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'go' }] })
const post = (url) => fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

/** A plain streaming client: counts SSE events as they arrive. */
async function stream(url) {
  const res = await post(url)
  let events = 0
  const parser = createParser({ onEvent: () => events++ })
  const decoder = new TextDecoder()
  for await (const piece of res.body) parser.feed(decoder.decode(piece, { stream: true }))
  return events
}


async function replayThroughput() {
  const chunks = [...Array.from({ length: CHUNKS }, (_, i) => ({ type: 'text', text: `w${i % 10} ` })), { type: 'finish', reason: 'stop' }]
  const cassette = {
    header: { version: 1, wire: 'openai-chat', recordedAt: 'bench', source: 'scripted' },
    calls: Array.from({ length: ROUNDS + 1 }, () => ({ request, response: { kind: 'stream', chunks } })),
  }
  const server = await startLlmServer({ wire: 'openai-chat', source: { kind: 'cassette', cassette } })
  try {
    await stream(server.url) // warm-up
    const rates = []
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now()
      const events = await stream(server.url)
      if (events < CHUNKS) throw new Error(`expected at least ${CHUNKS} events, got ${events}`)
      rates.push(CHUNKS / ((performance.now() - t0) / 1000))
    }
    return median(rates)
  } finally {
    await server.close()
  }
}

async function timeCalls(url) {
  const times = []
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now()
    await stream(url)
    times.push(performance.now() - t0)
  }
  return median(times)
}

async function proxyLatency() {
  const entries = [{ behaviour: 'success', text: 'A short answer of a few chunks for latency.', repeat: true }]
  const upstream = await startLlmServer({ wire: 'openai-chat', source: { kind: 'script', entries } })
  const recorder = await startLlmServer({ wire: 'openai-chat', source: { kind: 'upstream', baseUrl: `${upstream.url}/v1`, apiKey: 'bench-key' } })
  try {
    await timeCalls(upstream.url)
    await timeCalls(recorder.url)
    const direct = await timeCalls(upstream.url)
    const proxied = await timeCalls(recorder.url)
    return { added: proxied - direct, ratio: proxied / direct, direct, proxied }
  } finally {
    await Promise.all([recorder.close(), upstream.close()])
  }
}

const rate = await replayThroughput()
console.log(`bench llm-replay-throughput: ${Math.round(rate)} chunks/s (target >= 20000)`)
const latency = await proxyLatency()
console.log(
  `bench llm-record-proxy-latency: ${latency.added.toFixed(2)} ms added, ratio ${latency.ratio.toFixed(2)} (target < 5 ms added; median of ${CALLS} calls: direct ${latency.direct.toFixed(2)} ms, proxied ${latency.proxied.toFixed(2)} ms)`,
)
