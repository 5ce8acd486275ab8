import { defaultServerSettings } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { changedSettings } from './changed-settings.ts'

describe('changed server settings', () => {
  it('keeps only values that differ', () => {
    const current = defaultServerSettings('1.0.0')
    expect(
      changedSettings(current, { language: 'en-us', dateFormat: 'yyyy-MM-dd', timeFormat: undefined }),
    ).toEqual({
      dateFormat: 'yyyy-MM-dd',
    })
    expect(changedSettings(current, { language: 'en-us' })).toEqual({})
  })
})
