import { describe, expect, it } from 'vitest'
import { colorDiff, diffText } from '../../runner/compare.js'
import { selectScenarios, unmatchedFilters } from '../../runner/select.js'

describe('diffText', () => {
  it('is undefined for equal text and a unified diff with changed JSON fields otherwise', () => {
    expect(diffText('a\n', 'a\n', 'f')).toBeUndefined()
    const long = (text: string): string => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: '{{sessionId}}', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } } })
    const diff = diffText(`{"id":1}\n${long('Hello')}\n`, `{"id":1}\n${long('Howdy')}\n`, 'stdout.expected.jsonl')!
    expect(diff.split('\n').slice(0, 3)).toEqual(['--- stdout.expected.jsonl (committed)', '+++ stdout.expected.jsonl (this run)', '@@ -1,2 +1,2 @@'])
    expect(diff).toContain(` {"id":1}`)
    expect(diff).toContain(`-${long('Hello')}`)
    expect(diff).toContain('  -  "text": "Hello"')
    expect(diff).toContain('  +  "text": "Howdy"')
  })
  it('colours only when asked', () => {
    expect(colorDiff('-a\n+b', false)).toBe('-a\n+b')
    expect(colorDiff('-a\n+b', true)).not.toBe('-a\n+b')
  })
})

describe('selectScenarios', () => {
  const all = ['d', 'a', 'c', 'b', 'e'].map((name) => ({ name, tags: name === 'c' || name === 'e' ? ['slow'] : [] }))
  it('filters by name, tag or glob', () => {
    expect(selectScenarios(all, ['a', 'slow']).map((s) => s.name)).toEqual(['a', 'c', 'e'])
    expect(selectScenarios(all, ['*']).length).toBe(5)
    expect(unmatchedFilters(all, ['a', 'zzz'])).toEqual(['zzz'])
  })
  it('splits into deterministic, disjoint, complete shards by name', () => {
    const shards = [1, 2, 3].map((index) => selectScenarios(all, [], { index, total: 3 }).map((s) => s.name))
    expect(shards).toEqual([['a', 'd'], ['b', 'e'], ['c']])
  })
})
