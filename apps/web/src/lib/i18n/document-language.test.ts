import { describe, expect, it } from 'vitest'
import { applyDocumentLanguage } from './document-language.ts'

describe('applyDocumentLanguage', () => {
  it('sets lang to the BCP 47 tag and mirrors right-to-left languages', () => {
    const root = document.createElement('html')
    applyDocumentLanguage('he', root)
    expect([root.lang, root.dir]).toEqual(['he-IL', 'rtl'])
    applyDocumentLanguage('en-us', root)
    expect([root.lang, root.dir]).toEqual(['en-US', 'ltr'])
  })
})
