import { describe, expect, it } from 'vitest'
import { filterNames, mergeTarget, nameToBase64, newNameProblem } from './meta-kinds.ts'

describe('item metadata rules', () => {
  it('finds the name a rename merges into, ignoring case, the exact spelling first', () => {
    const names = ['Fiction', 'fiction', 'Fantasy', 'sci']
    expect(mergeTarget(names, 'sci', 'fiction')).toBe('fiction')
    expect(mergeTarget(names, 'sci', 'FICTION')).toBe('Fiction')
    expect(mergeTarget(names, 'sci', ' Horror ')).toBeNull()
    expect(mergeTarget(names, 'sci', 'SCI')).toBeNull() // a case change of itself is not a merge
    expect(mergeTarget(names, 'sci', '  ')).toBeNull()
  })
  it('names the problem of a new name by locale key', () => {
    expect(newNameProblem('a', ' ')).toBe('MessageNewNameRequired')
    expect(newNameProblem('a', 'x'.repeat(10_000))).toBe('MessageNewNameTooLong')
    expect(newNameProblem('a', 'x\u0000')).toBe('MessageNewNameControlCharacters')
    expect(newNameProblem('a', 'a')).toBe('MessageNewNameSame')
    expect(newNameProblem('a', 'b')).toBeNull()
  })
  it('encodes names as base64 of their UTF-8 bytes', () => {
    expect(nameToBase64('Sci-Fi')).toBe('U2NpLUZp')
    expect(nameToBase64('Émile/ä')).toBe(Buffer.from('Émile/ä', 'utf8').toString('base64'))
  })
  it('filters names ignoring case', () => {
    expect(filterNames(['Alpha', 'beta', 'ALPINE'], ' alp')).toEqual(['Alpha', 'ALPINE'])
    expect(filterNames(['a'], '')).toEqual(['a'])
  })
})
