// Numeric fields that vary per run, recognised by their key: epochs, durations, pids.
import type { Json } from './json-walk.js'

const EPOCH_KEY = /(time|timestamp|date|At$|_at$|^created|^started|^completed|^updated|^finished)/i
const DURATION_KEY = /(duration|elapsed|latency|^took)/i
const PID_KEY = /^(pid|ppid|processId|process_id)$/i

/** Seconds or milliseconds since the epoch, between 2001 and 2100. */
const isEpoch = (n: number): boolean => (n >= 978_307_200 && n < 4_102_444_800) || (n >= 978_307_200_000 && n < 4_102_444_800_000)

const RULES: { test: (n: number, key: string) => boolean; to: Json }[] = [
  { test: (n, key) => EPOCH_KEY.test(key) && isEpoch(n), to: '{{epoch}}' },
  { test: (_, key) => DURATION_KEY.test(key), to: 0 },
  { test: (_, key) => PID_KEY.test(key), to: 0 },
]

export function normalizeNumber(n: number, key: string | undefined): Json {
  if (key === undefined) return n
  return RULES.find((r) => r.test(n, key))?.to ?? n
}
