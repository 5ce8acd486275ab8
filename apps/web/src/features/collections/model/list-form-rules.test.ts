import { describe, expect, it } from 'vitest'
import { editOutcome, nameToCreate } from './list-form-rules.ts'

describe('nameToCreate', () => {
  it('needs a name and at least one entry; the name is trimmed', () => {
    expect(nameToCreate('  Favourites ', 1)).toBe('Favourites')
    expect(nameToCreate('   ', 3)).toBeNull()
    expect(nameToCreate('', 3)).toBeNull()
    expect(nameToCreate('Favourites', 0)).toBeNull()
  })
})

describe('editOutcome', () => {
  const original = { name: 'Sci-Fi', description: null }

  it('saves nothing when nothing changed (an empty description equals none)', () => {
    expect(editOutcome(original, { name: 'Sci-Fi', description: '' })).toEqual({ kind: 'unchanged' })
    expect(editOutcome(original, { name: ' Sci-Fi ', description: '  ' })).toEqual({ kind: 'unchanged' })
    expect(editOutcome({ name: 'A', description: 'x' }, { name: 'A', description: 'x' })).toEqual({
      kind: 'unchanged',
    })
  })

  it('asks for a name when it is empty', () => {
    expect(editOutcome(original, { name: '  ', description: 'new' })).toEqual({ kind: 'nameRequired' })
  })

  it('sends both fields, an emptied description as null', () => {
    expect(editOutcome(original, { name: 'Space', description: '' })).toEqual({
      kind: 'save',
      changes: { name: 'Space', description: null },
    })
    expect(editOutcome({ name: 'A', description: 'old' }, { name: 'A', description: '' })).toEqual({
      kind: 'save',
      changes: { name: 'A', description: null },
    })
  })
})
