import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import {
  chooseLanguageByKeyboard,
  languageSelect,
  readLocale,
  textOf,
  type LocaleStrings,
} from './locale-files.ts'
import { apiCall, bookId, logIn, playerLaunchOptions, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Acceptance of issue 21: from the account page, three languages of different scripts are chosen by keyboard;
 * in each, the app bar, the bookshelf, an item page, the player and a modal speak it (texts read from its
 * locale file), a date follows it; a reload keeps it; an invalid stored `lang` falls back to en-us with a
 * console warning only.
 */

/** The three scripts of the acceptance: Cyrillic, Han, and Hebrew (right-to-left). */
const JOURNEY_LANGUAGES = [
  { code: 'ru', intlLocale: 'ru-RU', dir: 'ltr' },
  { code: 'zh-cn', intlLocale: 'zh-CN', dir: 'ltr' },
  { code: 'he', intlLocale: 'he-IL', dir: 'rtl' },
] as const

const BOOK = 'Language Journey'

test.use({ launchOptions: playerLaunchOptions, viewport: { width: 1280, height: 800 } })

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A book library with one short generated audiobook; returns the library and item ids. */
async function oneBookLibrary(server: ShelfcastServer): Promise<{ libraryId: string; itemId: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-languages-'))
  mediaFolders.push(root)
  await makeAudio({
    path: path.join(root, 'Test Author', BOOK, `${BOOK}.mp3`),
    durationSec: 30,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title: BOOK, artist: 'Test Author', album: BOOK },
  })
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  return { libraryId: library.id, itemId: await bookId(server, BOOK, token) }
}

/**
 * "now", "1 minute ago" ... "30 minutes ago" in `locale`, as Intl says them: the device list's last-used date
 * is one of these however slow the machine is.
 */
async function recentRelativeTimes(page: Page, locale: string): Promise<string[]> {
  return page.evaluate((tag) => {
    const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })
    const minutes = Array.from({ length: 30 }, (_, i) => format.format(-(i + 1), 'minute'))
    return [format.format(0, 'second'), ...minutes]
  }, locale)
}

async function expectDocumentLanguage(page: Page, intlLocale: string, dir: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', intlLocale)
  await expect(page.locator('html')).toHaveAttribute('dir', dir)
}

/** The app bar, the bookshelf, the item page, the player and a modal, all in the language of `s`. */
async function expectScreensIn(
  page: Page,
  s: LocaleStrings,
  intlLocale: string,
  ids: { libraryId: string; itemId: string },
) {
  const appBar = page.getByTestId('app-bar')
  await expect(appBar.getByRole('link', { name: textOf(s, 'HeaderSettings'), exact: true })).toBeVisible()
  await expect(appBar.getByRole('link', { name: textOf(s, 'HeaderYourStats'), exact: true })).toBeVisible()

  await page
    .getByTestId('side-rail')
    .getByRole('link', { name: textOf(s, 'ButtonLibrary'), exact: true })
    .click()
  await expect(page).toHaveURL(new RegExp(`/library/${ids.libraryId}`))
  const tabs = page.getByRole('navigation', { name: textOf(s, 'LabelBookshelfTabs'), exact: true })
  await expect(tabs.getByRole('link', { name: textOf(s, 'ButtonSeries'), exact: true })).toBeVisible()
  await expect(tabs.getByRole('link', { name: textOf(s, 'ButtonAuthors'), exact: true })).toBeVisible()
  const card = page.locator(`[data-testid="item-card"][data-item-id="${ids.itemId}"]`)
  await expect(card).toBeVisible()

  await page.goto(`/item/${ids.itemId}`)
  await expect(
    page.getByTestId('item-details').getByText(textOf(s, 'LabelDuration'), { exact: true }),
  ).toBeVisible()
  await page.getByRole('button', { name: textOf(s, 'ButtonPlayItem', { title: BOOK }), exact: true }).click()

  const bar = page.getByTestId('player-bar')
  await expect(bar).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })
  // "Jump forward 10 seconds": the default jump amount in the language's words, its unit as Intl says it.
  const tenSeconds = await page.evaluate(
    (tag) => new Intl.NumberFormat(tag, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(10),
    intlLocale,
  )
  const jumpForward = textOf(s, 'LabelJumpAmount', {
    label: textOf(s, 'ButtonJumpForward'),
    amount: tenSeconds,
  })
  await expect(bar.getByRole('button', { name: jumpForward, exact: true })).toBeVisible()
  await expect(bar.getByRole('button', { name: textOf(s, 'ButtonPause'), exact: true })).toBeVisible()

  await bar.getByTestId('player-sleep').click()
  const modal = page.getByRole('dialog', { name: textOf(s, 'LabelSleepTimer'), exact: true })
  await expect(modal).toBeVisible()
  await expect(modal.getByRole('button', { name: textOf(s, 'ButtonClose'), exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  await bar.getByRole('button', { name: textOf(s, 'ButtonClosePlayer'), exact: true }).click()
  await expect(bar).toBeHidden()
}

/** The account page in the language of `s`, with this device's last-used date said the Intl way of `intlLocale`. */
async function expectAccountIn(page: Page, s: LocaleStrings, intlLocale: string) {
  await expect(page.getByRole('heading', { name: textOf(s, 'HeaderPreferences'), exact: true })).toBeVisible()
  const dates = await recentRelativeTimes(page, intlLocale)
  const thisDevice = page
    .getByTestId('device-row')
    .filter({ has: page.getByText(textOf(s, 'LabelThisDevice'), { exact: true }) })
  await expect
    .poll(async () => {
      const text = (await thisDevice.textContent()) ?? ''
      return dates.some((date) => text.includes(textOf(s, 'LabelLastUsedAt', { date })))
    })
    .toBe(true)
}

test('three languages of different scripts, chosen by keyboard on the account page, speak on every screen and survive a reload', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const ids = await oneBookLibrary(server)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))

  for (const language of JOURNEY_LANGUAGES) {
    await page.goto('/account')
    await expect(languageSelect(page)).toBeVisible()
    await chooseLanguageByKeyboard(page, language.code)
    const s = readLocale(language.code)
    await expectDocumentLanguage(page, language.intlLocale, language.dir)
    await expectAccountIn(page, s, language.intlLocale)
    await expectScreensIn(page, s, language.intlLocale, ids)
  }

  // The last choice is stored and applied again on a reload.
  const last = JOURNEY_LANGUAGES.at(-1)
  if (!last) throw new Error('no journey languages')
  await page.goto('/account')
  await page.reload()
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(last.code)
  await expectDocumentLanguage(page, last.intlLocale, last.dir)
  await expect(languageSelect(page)).toHaveValue(last.code)
  await expectAccountIn(page, readLocale(last.code), last.intlLocale)
  expect(errors).toEqual([])
})

test('an invalid stored language falls back to en-us with a console warning, no error toast and no page error', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const warnings: string[] = []
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))

  // Stored before the next load, as an older or edited browser profile would have it.
  await page.evaluate(() => localStorage.setItem('lang', 'xx-not-a-language'))
  await page.goto('/account')

  const en = readLocale('en-us')
  await expectDocumentLanguage(page, 'en-US', 'ltr')
  await expect(
    page.getByRole('heading', { name: textOf(en, 'HeaderPreferences'), exact: true }),
  ).toBeVisible()
  await expect(languageSelect(page)).toHaveValue('en-us')
  await expect(
    page.getByTestId('app-bar').getByRole('link', { name: textOf(en, 'HeaderSettings'), exact: true }),
  ).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-us')
  expect(warnings.filter((w) => w.includes('xx-not-a-language'))).toHaveLength(1)
  await expect(page.getByTestId('toast')).toHaveCount(0)
  expect(errors).toEqual([])
})
