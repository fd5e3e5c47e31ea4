// Replay of the peer agents' scenarios reaches nothing beyond loopback: the whole run happens in a network
// namespace that has only `lo`, under strace, and every connect() to an address that is not loopback fails the test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { execa } from 'execa'
import { CLI, describeFailures, parseReport, PEERS, requirePeers, SCENARIOS_PER_AGENT, AGENTS } from './peers-helpers.js'

const dir = mkdtempSync(join(tmpdir(), 'acp-scenario-offline-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `unshare -n` as root; an unprivileged user gets a user namespace too. */
const unshareArgs = (): string[] => (process.getuid?.() === 0 ? ['-n'] : ['-rn'])

interface Connect {
  line: string
  family: string
  address: string
}

/** connect() calls of the INET families from an `strace -f -e trace=connect` log. */
function inetConnects(log: string): Connect[] {
  const out: Connect[] = []
  for (const line of log.split('\n')) {
    const family = /sa_family=(AF_INET6?)/.exec(line)?.[1]
    if (!family) continue
    const address = /inet_addr\("([^"]+)"\)/.exec(line)?.[1] ?? /inet_pton\(AF_INET6, "([^"]+)"/.exec(line)?.[1] ?? '?'
    out.push({ line, family, address })
  }
  return out
}

const isLoopback = (address: string): boolean => /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address)

describe('peer agent presets: offline replay', () => {
  it('reads INET connects, with their addresses, out of an strace log', () => {
    const log = [
      '11724 connect(19, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("1.1.1.1")}, 16 <unfinished ...>',
      '11741 connect(20, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
      '11741 connect(20, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.255.255.53")}, 16) = -1 ENETUNREACH (Network is unreachable)',
      '11750 connect(21, {sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28) = 0',
      '11751 connect(22, {sa_family=AF_INET, sin_port=htons(40123), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
    ].join('\n')
    const connects = inetConnects(log)
    expect(connects.map((c) => c.address)).toEqual(['1.1.1.1', '10.255.255.53', '::1', '127.0.0.1'])
    expect(connects.filter((c) => !isLoopback(c.address)).map((c) => c.address)).toEqual(['1.1.1.1', '10.255.255.53'])
  })

  it('makes no connection beyond loopback (network namespace with only lo, connects counted by strace)', { timeout: 300_000 }, async () => {
    requirePeers()
    const probe = await execa('unshare', [...unshareArgs(), 'true'], { reject: false })
    if (probe.exitCode !== 0) {
      throw new Error(`unshare ${unshareArgs().join(' ')} is not permitted on this machine, so offline replay cannot be proven here: ${probe.stderr || probe.shortMessage}`)
    }
    const strace = await execa('strace', ['-V'], { reject: false })
    if (strace.exitCode !== 0) throw new Error(`strace is needed to count connection attempts (apt-get install strace): ${strace.stderr || strace.shortMessage}`)
    const trace = join(dir, 'connects.strace')
    const inner = ['ip link set lo up', `exec strace -f -qq --seccomp-bpf -e trace=connect -o ${trace} node ${CLI} -C ${PEERS} run --workers 2 --reporter json`].join(' && ')
    const result = await execa('unshare', [...unshareArgs(), 'sh', '-c', inner], { reject: false, timeout: 240_000 })
    const report = parseReport(result.stdout)
    expect(report.failed, `${describeFailures(report)}\n${result.stderr.slice(-2000)}`).toBe(0)
    expect(report.passed).toBe(AGENTS.length * SCENARIOS_PER_AGENT)

    const connects = inetConnects(readFileSync(trace, 'utf8'))
    const outbound = connects.filter((c) => !isLoopback(c.address))
    expect(outbound.map((c) => c.line), 'connection attempts beyond loopback').toEqual([])
    // The trace did see the agents talk to the loopback model server, so an empty list above means something.
    expect(connects.filter((c) => isLoopback(c.address)).length).toBeGreaterThanOrEqual(AGENTS.length * SCENARIOS_PER_AGENT)
    expect(result.stderr).not.toMatch(/ENETUNREACH|EAI_AGAIN|ENOTFOUND/)
  })
})
