import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect } from './server-fixture.ts'

/** The web client's locale files, read at test time so journeys never hard-code a translation. */
const localesDir = path.resolve(import.meta.dirname, '../apps/web/src/locales')

export type LocaleStrings = Record<string, string>

/** The codes that have a locale file (en-us included). */
export function localeCodes(): string[] {
  return fs
    .readdirSync(localesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''))
}

export function readLocale(code: string): LocaleStrings {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as LocaleStrings
}

/** A locale's text for a key: the key must exist, or the test says which one is missing. */
export function textOf(strings: LocaleStrings, key: string, values: Record<string, string> = {}): string {
  const text = strings[key]
  if (text === undefined) throw new Error(`locale has no ${key}`)
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole)
}

/** The longest language: the largest total length of its values (en-us's keys only, so stray keys do not count). */
export function longestLanguage(): string {
  const english = readLocale('en-us')
  const total = (code: string) => {
    const strings = readLocale(code)
    return Object.keys(english).reduce((sum, key) => sum + [...(strings[key] ?? '')].length, 0)
  }
  return (
    localeCodes()
      .map((code) => ({ code, length: total(code) }))
      .sort((a, b) => b.length - a.length)[0]?.code ?? 'en-us'
  )
}

/** The account page's language select (the only select offering en-us; its label changes with the language). */
export const languageSelect = (page: Page) => page.locator('select:has(option[value="en-us"])')

/**
 * Chooses a language on the account page with the keyboard only: focus the language select and press the
 * arrow keys one option at a time, waiting for each language to load and be stored before the next key.
 */
export async function chooseLanguageByKeyboard(page: Page, code: string) {
  const select = languageSelect(page)
  await select.focus()
  const options = await select
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))
  const target = options.indexOf(code)
  expect(target, `the language select offers ${code}`).toBeGreaterThanOrEqual(0)
  let index = options.indexOf(await select.inputValue())
  while (index !== target) {
    const step = target > index ? 1 : -1
    await page.keyboard.press(step > 0 ? 'ArrowDown' : 'ArrowUp')
    index += step
    const expected = options[index]
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lang')), { timeout: 15_000 })
      .toBe(expected)
    // The re-rendered page keeps the keyboard's place.
    await expect(select).toBeFocused()
  }
}
