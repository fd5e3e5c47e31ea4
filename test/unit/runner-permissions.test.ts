import { describe, expect, it } from 'vitest'
import { PermissionGate, PermissionQueue } from '../../runner/permissions.js'

const OPTIONS = [
  { optionId: 'yes', kind: 'allow_once' },
  { optionId: 'always', kind: 'allow_always' },
  { optionId: 'no', kind: 'reject_once' },
]

describe('PermissionQueue', () => {
  it('maps each queued kind to the optionId the agent offered, first in first out', () => {
    const q = new PermissionQueue([{ kind: 'allow_always' }, { kind: 'reject_once' }, { optionId: 'yes' }])
    expect(q.answer(OPTIONS).outcome).toEqual({ outcome: 'selected', optionId: 'always' })
    expect(q.answer(OPTIONS).outcome).toEqual({ outcome: 'selected', optionId: 'no' })
    expect(q.answer(OPTIONS).outcome).toEqual({ outcome: 'selected', optionId: 'yes' })
    expect(q.remaining()).toEqual([])
  })
  it('answers cancelled when empty, and cancelled with a problem for a kind not offered', () => {
    const q = new PermissionQueue([{ kind: 'reject_always', at: 'scenarios/x.scenario.ts:4:3' }])
    const d = q.answer(OPTIONS)
    expect(d.outcome).toEqual({ outcome: 'cancelled' })
    expect(d.problem).toBe('permission answer (scenarios/x.scenario.ts:4:3) wanted an option of kind reject_always, but the agent offered: yes (allow_once), always (allow_always), no (reject_once)')
    expect(q.answer(OPTIONS)).toEqual({ outcome: { outcome: 'cancelled' } })
  })
})

describe('PermissionGate', () => {
  it('holds an empty-queue answer while holding, and releases it as cancelled', async () => {
    const problems: string[] = []
    const gate = new PermissionGate(new PermissionQueue([]), (m) => problems.push(m))
    gate.hold(true)
    let answered: unknown
    const pending = gate.request(OPTIONS).then((o) => (answered = o))
    await Promise.resolve()
    expect(answered).toBeUndefined()
    expect(gate.heldCount()).toBe(1)
    gate.release()
    await pending
    expect(answered).toEqual({ outcome: 'cancelled' })
    gate.hold(false)
    expect(await gate.request(OPTIONS)).toEqual({ outcome: 'cancelled' })
    expect(problems).toEqual([])
  })
  it('answers queued kinds at once even while holding', async () => {
    const gate = new PermissionGate(new PermissionQueue([{ kind: 'allow_once' }]), () => undefined)
    gate.hold(true)
    expect(await gate.request(OPTIONS)).toEqual({ outcome: 'selected', optionId: 'yes' })
  })
})
