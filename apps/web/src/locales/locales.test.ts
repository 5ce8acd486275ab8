import { serverMessages } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { pluralBase, scanLocaleKeys } from '../lib/i18n/core-keys.ts'
import { allLanguages, localeLoaders, type LocaleStrings } from '../lib/i18n/languages.ts'
import enUs from './en-us.json'

const files = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })
const english: LocaleStrings = enUs
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!))].sort()
const isPluralForm = (key: string) => pluralBase(key) !== key

/** Plural bases of en-us ('LabelBookCount' for LabelBookCount_one and _other). */
const pluralBases = [...new Set(Object.keys(english).filter(isPluralForm).map(pluralBase))]

/**
 * Keys whose English text is the same word in every language (the product's name, identifiers, acronyms).
 * Everything else counts toward the 15 % ceiling of values equal to English.
 */
const sameInEveryLanguage = new Set(['AppName', 'LabelASIN', 'LabelISBN', 'LabelIconRss', 'HeaderAppriseApi'])
const maxEqualToEnglish = 0.15

/** The keys a language must have: en-us's, with each plural in the forms its plural rules use. */
function expectedKeys(code: string): string[] {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories
  const plain = Object.keys(english).filter((key) => !isPluralForm(key))
  const plurals = pluralBases.flatMap((base) => categories.map((category) => `${base}_${category}`))
  return [...plain, ...plurals].sort()
}

describe('en-us', () => {
  it('has every key the code uses', () => {
    const used = new Set<string>()
    for (const [path, source] of Object.entries(files)) {
      if (path.endsWith('.test.ts') || path.endsWith('.test.tsx')) continue
      // The same scan decides which strings the first load carries (vite-locale-split.ts).
      for (const key of scanLocaleKeys(source)) used.add(key)
    }
    expect(used.size).toBeGreaterThan(80) // the scan found the code's keys
    const missing = [...used].filter((key) => !(key in english) && !(`${key}_other` in english))
    expect(missing).toEqual([])
  })

  it("holds every server message under its key with the server's English text", () => {
    const differing = Object.entries(serverMessages).filter(([key, text]) => english[key] !== text)
    expect(differing).toEqual([])
  })

  it('gives every plural its one and other forms with the same placeholders', () => {
    expect(pluralBases.length).toBeGreaterThan(10)
    for (const base of pluralBases) {
      expect(Object.keys(english).filter((key) => pluralBase(key) === base && key !== base)).toEqual([
        `${base}_one`,
        `${base}_other`,
      ])
    }
  })
})

describe.each(allLanguages.filter((l) => l.code !== 'en-us').map((l) => [l.code]))('%s', (code) => {
  const load = async () => {
    const loader = localeLoaders[code]
    expect(loader, `apps/web/src/locales/${code}.json`).toBeDefined()
    return loader!()
  }

  it('has exactly the keys of en-us, plurals in the forms of its plural rules', async () => {
    const strings = await load()
    const actual = Object.keys(strings).sort()
    const expected = expectedKeys(code)
    expect(
      {
        missing: expected.filter((key) => !(key in strings)),
        extra: actual.filter((k) => !expected.includes(k)),
      },
      code,
    ).toEqual({ missing: [], extra: [] })
  })

  it('keeps every placeholder of en-us and adds none', async () => {
    const strings = await load()
    const wrong: string[] = []
    for (const [key, text] of Object.entries(strings)) {
      if (isPluralForm(key)) {
        const base = pluralBase(key)
        // A plural form may leave the number out (German "Folge entfernen" for one), never add a name.
        const allowed = new Set([
          ...placeholders(english[`${base}_one`]!),
          ...placeholders(english[`${base}_other`]!),
        ])
        const required = key.endsWith('_other') ? placeholders(english[`${base}_other`]!) : []
        const found = placeholders(text)
        if (found.some((p) => !allowed.has(p)) || required.some((p) => !found.includes(p))) wrong.push(key)
      } else if (placeholders(text).join() !== placeholders(english[key] ?? '').join()) wrong.push(key)
    }
    expect(wrong, code).toEqual([])
  })

  it('is translated: at most 15 % of its values equal the English ones', async () => {
    const strings = await load()
    const keys = Object.keys(english).filter((key) => !sameInEveryLanguage.has(key))
    const same = keys.filter((key) => strings[key] === english[key] && /[a-z]{2}/i.test(english[key]!))
    expect(
      same.length / keys.length,
      `${code}: ${same.length} of ${keys.length} equal English`,
    ).toBeLessThanOrEqual(maxEqualToEnglish)
  })

  it('has no empty value', async () => {
    const strings = await load()
    expect(
      Object.entries(strings)
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key),
    ).toEqual([])
  })
})
