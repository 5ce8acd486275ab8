import { describe, expect, it } from 'vitest'
import { scanLocaleKeys } from '../lib/i18n/core-keys.ts'
import { languages, localeLoaders } from '../lib/i18n/languages.ts'
import enUs from './en-us.json'

const files = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()

describe('locales', () => {
  it('en-us has every key the code uses', () => {
    const used = new Set<string>()
    for (const [path, source] of Object.entries(files)) {
      if (path.endsWith('.test.ts') || path.endsWith('.test.tsx')) continue
      // The same scan decides which strings the first load carries (vite-locale-split.ts).
      for (const key of scanLocaleKeys(source)) used.add(key)
    }
    expect(used.size).toBeGreaterThan(80) // the scan found the code's keys
    const missing = [...used].filter((key) => !(key in enUs))
    expect(missing).toEqual([])
  })

  it('every listed language has a complete locale file with the same placeholders', async () => {
    for (const language of languages) {
      if (language.code === 'en-us') continue
      const loader = localeLoaders[language.code]
      expect(loader, language.code).toBeDefined()
      const strings = await loader!()
      expect(Object.keys(strings).sort(), language.code).toEqual(Object.keys(enUs).sort())
      for (const [key, text] of Object.entries(enUs)) {
        expect(placeholders(strings[key] ?? ''), `${language.code} ${key}`).toEqual(placeholders(text))
      }
    }
  })
})
