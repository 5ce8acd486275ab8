import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import {
  mailAttachments,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../apps/server/src/test-support/smtp-test-server.ts'
import { makeEpub } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test as base } from './server-fixture.ts'

const SMTP_USER = 'shelf-mailer'
const SMTP_PASS = 'e2e-smtp-Secret'

/** A protocol-true SMTP server on 127.0.0.1 for each test, with a login, that keeps what it receives. */
const test = base.extend<{ smtp: SmtpTestServer }>({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  smtp: async ({}, use) => {
    const smtp = await startSmtpTestServer({ user: SMTP_USER, pass: SMTP_PASS })
    await use(smtp)
    await smtp.close()
  },
})

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })

async function addDevice(page: Page, name: string, email: string) {
  await page.getByTestId('ereader-devices').getByRole('button', { name: 'Add device' }).click()
  const modal = page.getByTestId('ereader-device-modal')
  await modal.getByLabel('Name').fill(name)
  await modal.getByLabel('Email').fill(email)
  await modal.getByRole('button', { name: 'Add' }).click()
  return modal
}

// The phone is a touch device (a tap opens the flyout submenu); the desktop uses a mouse.
for (const { viewport, touch } of [
  { viewport: { width: 375, height: 812 }, touch: true },
  { viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch })

    test('an admin sets up SMTP, sends a test email, adds a device and sends an EPUB to it', async ({
      page,
      server,
      smtp,
    }) => {
      await logIn(page, server)
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-email-'))
      folders.push(root)
      const epubPath = await makeEpub({
        path: path.join(root, 'Ada Palmer', 'Too Like the Lightning', 'Too Like the Lightning.epub'),
        title: 'Too Like the Lightning',
        author: 'Ada Palmer',
      })
      const token = await rootToken(server)
      await apiCall(server, token, 'POST', '/api/libraries', {
        name: 'Ebooks',
        mediaType: 'book',
        folders: [{ fullPath: root }],
      })
      const id = await bookId(server, 'Too Like the Lightning', token)

      // The SMTP form, reached from the admin settings navigation.
      await page.goto('/config')
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Email settings' })
        .click()
      const form = page.getByTestId('smtp-form')
      await form.getByLabel('Host').fill(smtp.host)
      await form.getByLabel('Port').fill(String(smtp.port))
      await form.getByRole('switch', { name: 'Secure (TLS)' }).click()
      await form.getByLabel('Username').fill(SMTP_USER)
      await form.getByLabel('Password').fill(SMTP_PASS)
      await form.getByLabel('From address').fill('shelf@example.org')
      await form.getByLabel('Test address').fill('admin@example.org')
      await form.getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Email settings saved')).toBeVisible()
      // The password is never shown again: the field holds the mask.
      await page.reload()
      await expect(page.getByTestId('smtp-form').getByLabel('Password')).toHaveValue('********')

      await page.getByTestId('smtp-form').getByRole('button', { name: 'Send test email' }).click()
      await expect(toast(page, 'Test email sent to admin@example.org')).toBeVisible()
      const testMail = await smtp.waitForMail(1)
      expect(testMail.to).toEqual(['admin@example.org'])

      // An ereader device; the same name again is refused with the spec's toast.
      const modal = await addDevice(page, 'Kobo', 'kobo@example.org')
      await expect(modal).toBeHidden()
      await expect(page.getByTestId('ereader-device-row')).toHaveCount(1)
      const again = await addDevice(page, 'kobo', 'other@example.org')
      await expect(toast(page, 'Ereader device with that name already exists')).toBeVisible()
      await again.getByRole('button', { name: 'Cancel' }).click()
      await expect(page.getByTestId('ereader-device-row')).toHaveCount(1)

      // Send to device from the item page's actions menu.
      await page.goto(`/item/${id}`)
      await page.getByTestId('item-more').getByRole('button', { name: 'More' }).click()
      const sendTo = page.getByTestId('menu-send-to-device')
      const kobo = page.getByTestId('menu-send-to-device-option').filter({ hasText: 'Kobo' })
      if (touch) {
        await sendTo.tap()
        await kobo.tap()
      } else {
        await sendTo.click()
        await kobo.click()
      }
      await expect(toast(page, 'Ebook sent to Kobo')).toBeVisible({ timeout: 30_000 })
      const mail = await smtp.waitForMail(2)
      expect(mail.to).toEqual(['kobo@example.org'])
      const [attachment] = mailAttachments(mail.raw)
      expect(attachment?.filename).toBe('Too Like the Lightning.epub')
      expect(attachment?.contentType).toBe('application/epub+zip')
      expect(sha256(attachment?.body ?? Buffer.alloc(0))).toBe(sha256(fs.readFileSync(epubPath)))
      expect(JSON.stringify(await apiCall(server, token, 'GET', '/api/emails/settings'))).not.toContain(
        SMTP_PASS,
      )
    })
  })
}
