import { describe, expect, it } from 'vitest'
import {
  authorToForm,
  changedAuthorFields,
  defaultMatchRegion,
  isAuthorImageUrl,
  quickMatchPayload,
} from './author-form.ts'

const author = { name: 'Ann Leckie', asin: 'B004IYHWC8', description: null }

describe('changedAuthorFields', () => {
  it('is null when nothing changed, spaces included', () => {
    expect(changedAuthorFields(author, authorToForm(author))).toBeNull()
    expect(
      changedAuthorFields(author, { name: ' Ann Leckie ', asin: 'B004IYHWC8 ', description: '  ' }),
    ).toBeNull()
  })

  it('sends only the changed fields, trimmed', () => {
    expect(changedAuthorFields(author, { ...authorToForm(author), name: ' A. Leckie ' })).toEqual({
      name: 'A. Leckie',
    })
    expect(changedAuthorFields(author, { ...authorToForm(author), description: 'Writer.' })).toEqual({
      description: 'Writer.',
    })
  })

  it('sends an emptied ASIN as null', () => {
    expect(changedAuthorFields(author, { ...authorToForm(author), asin: '' })).toEqual({ asin: null })
  })
})

describe('isAuthorImageUrl', () => {
  it('accepts http: and https: only', () => {
    expect(isAuthorImageUrl('https://example.com/a.jpg')).toBe(true)
    expect(isAuthorImageUrl(' HTTP://example.com/a.jpg')).toBe(true)
    expect(isAuthorImageUrl('ftp://example.com/a.jpg')).toBe(false)
    expect(isAuthorImageUrl('/metadata/a.jpg')).toBe(false)
    expect(isAuthorImageUrl('')).toBe(false)
  })
})

describe('quickMatchPayload', () => {
  it('prefers the ASIN', () => {
    expect(quickMatchPayload({ name: 'Ann', asin: ' B0 ', description: '' }, 'uk')).toEqual({
      asin: 'B0',
      region: 'uk',
    })
  })
  it('falls back to the name, and needs one of them', () => {
    expect(quickMatchPayload({ name: ' Ann ', asin: '', description: '' }, 'us')).toEqual({
      q: 'Ann',
      region: 'us',
    })
    expect(quickMatchPayload({ name: ' ', asin: ' ', description: 'x' }, 'us')).toBeNull()
  })
})

describe('defaultMatchRegion', () => {
  it('reads the Audible store of the library provider', () => {
    expect(defaultMatchRegion('audible.de')).toBe('de')
    expect(defaultMatchRegion('audible')).toBe('us')
    expect(defaultMatchRegion('audible.xx')).toBe('us')
    expect(defaultMatchRegion('google')).toBe('us')
    expect(defaultMatchRegion(null)).toBe('us')
  })
})
