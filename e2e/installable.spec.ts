import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { logIn } from './player-helpers.ts'
import { expect, test as base } from './server-fixture.ts'

/**
 * The installable app, checked the way Lighthouse does in Chromium: the manifest (as Chromium itself parses
 * it), its icons, a service worker that controls the page, what that worker caches, and the update prompt
 * when a new build is deployed. Each test's server serves its own copy of the built client, so a test can
 * deploy a new sw.js without touching the build.
 */

const builtClient = path.resolve(import.meta.dirname, '../apps/web/dist')
const demoPath = process.env.SHELFCAST_E2E_DEMO_LIBRARY

const test = base.extend<{ clientDist: string }>({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  clientDist: async ({}, use) => {
    if (!fs.existsSync(path.join(builtClient, 'sw.js')))
      throw new Error('apps/web/dist has no sw.js: run `npm run build` first')
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-client-'))
    fs.cpSync(builtClient, copy, { recursive: true })
    await use(copy)
    fs.rmSync(copy, { recursive: true, force: true })
  },
  serverEnv: async ({ clientDist }, use) => {
    await use({ CLIENT_DIST_PATH: clientDist, ...(demoPath ? { DEMO_LIBRARY_PATH: demoPath } : {}) })
  },
})

interface ManifestIcon {
  src: string
  sizes: string
  type?: string
  purpose?: string
}

/** A PNG's width x height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

/** Waits until a service worker controls the page (after a reload if the first load was not controlled). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated')
}

/** Every URL stored in every cache of the page's origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(request.url)
    }
    return urls
  })
}

test('the manifest is linked and installable: fields, icons, theme colour, as Chromium reads it', async ({
  page,
}) => {
  await page.goto('/login')
  const manifestUrl = await page
    .locator('link[rel="manifest"]')
    .evaluate((link: HTMLLinkElement) => link.href)
  expect(manifestUrl).toMatch(/\/manifest\.webmanifest$/)

  // Chromium's own parse of the manifest: no errors, and the fields an install needs.
  const cdp = await page.context().newCDPSession(page)
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string }
  expect(parsed.url).toBe(manifestUrl)
  expect(parsed.errors).toEqual([])
  const manifest = JSON.parse(parsed.data ?? 'null') as Record<string, unknown>

  const answer = await page.request.get(manifestUrl)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('application/manifest+json')

  expect(manifest.name).toBe('Shelfcast')
  expect(manifest.short_name).toBeTruthy()
  expect(manifest.display).toBe('standalone')
  // Relative start URL and scope: the app's own base, whatever ROUTER_BASE_PATH is.
  expect(new URL(String(manifest.start_url), manifestUrl).href).toBe(new URL('./', page.url()).href)
  expect(new URL(String(manifest.scope), manifestUrl).href).toBe(new URL('./', page.url()).href)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)

  const icons = manifest.icons as ManifestIcon[]
  for (const size of ['192x192', '512x512']) {
    expect(icons.some((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes('any'))).toBe(true)
    expect(icons.some((i) => i.sizes === size && i.purpose?.split(' ').includes('maskable'))).toBe(true)
  }
  const appleTouchIcon = await page
    .locator('link[rel="apple-touch-icon"]')
    .evaluate((link: HTMLLinkElement) => link.href)
  for (const icon of [...icons, { src: appleTouchIcon, sizes: '180x180' }]) {
    const url = new URL(icon.src, manifestUrl).href
    const image = await page.request.get(url)
    expect(image.status(), url).toBe(200)
    expect(image.headers()['content-type'], url).toBe('image/png')
    expect(pngSize(await image.body()), url).toBe(icon.sizes)
  }

  // The browser bar follows the chosen theme.
  const themeColour = () => page.locator('meta[name="theme-color"]').getAttribute('content')
  expect(await themeColour()).toBe('#1b1e23')
  await page.evaluate(() => localStorage.setItem('theme', 'sepia'))
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sepia')
  expect(await themeColour()).toBe('#f8f0dc')
})

test('a service worker registers, controls the page after a reload, and Chromium finds the app installable', async ({
  page,
  clientDist,
}) => {
  await page.goto('/login')
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready
    return { scope: ready.scope, script: ready.active?.scriptURL ?? null }
  })
  expect(registration.scope).toBe(new URL('./', page.url()).href)
  expect(registration.script).toBe(new URL('./sw.js', page.url()).href)

  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(registration.script)
  // A first install is no update: no prompt.
  await expect(page.getByTestId('setup-form')).toBeVisible()
  await expect(page.getByTestId('update-prompt')).toHaveCount(0)

  // Chromium's own installability check (Lighthouse's source). Playwright's contexts are incognito, which
  // Chromium always reports; any other reason (manifest, icons, worker, start URL) fails the test.
  const cdp = await page.context().newCDPSession(page)
  const installabilityErrors = async () => {
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    return errors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')
  }
  expect(await installabilityErrors()).toEqual([])

  // The check does look: a manifest without icons or standalone display is refused.
  const manifestFile = path.join(clientDist, 'manifest.webmanifest')
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>
  fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, icons: [], display: 'browser' }))
  await page.reload()
  await expect(page.getByTestId('setup-form')).toBeVisible()
  expect(await installabilityErrors()).not.toEqual([])
})

test('under ROUTER_BASE_PATH the worker is registered for the base path and controls its pages', async ({
  page,
}) => {
  // The server answers every route under /audiobookshelf too (its default base path).
  await page.goto('/audiobookshelf/login')
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready
    return { scope: ready.scope, script: ready.active?.scriptURL ?? null }
  })
  const origin = new URL(page.url()).origin
  expect(registration).toEqual({
    scope: `${origin}/audiobookshelf/`,
    script: `${origin}/audiobookshelf/sw.js`,
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(registration.script)
  // The shell it keeps is the one for this base path.
  const shell = await page.evaluate(
    async (url) => (await caches.match(url))?.text() ?? null,
    registration.scope,
  )
  expect(shell).toContain('<base href="/audiobookshelf/" />')
  await expect(page.getByTestId('setup-form')).toBeVisible()
})

test('the worker caches the shell and build files only, never API answers or covers; offline the shell still loads', async ({
  page,
  server,
  context,
}) => {
  await page.goto('/login')
  await controlledByServiceWorker(page)
  await logIn(page, server)

  // Browse while controlled: API answers, covers (with the demo library) and the socket all pass the worker.
  const apiAnswers: string[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiAnswers.push(r.url())
  })
  await page.reload()
  await expect(page.getByTestId('app-bar')).toBeVisible()
  if (demoPath) {
    await expect(page.locator('[data-testid="cover"][data-cover-state="loaded"]').first()).toBeVisible({
      timeout: 30_000,
    })
  }
  await expect.poll(() => apiAnswers.length).toBeGreaterThan(0)

  const urls = await cachedUrls(page)
  const origin = new URL(page.url()).origin
  // The shell and what index.html loads are there (offline start)...
  expect(urls).toContain(`${origin}/`)
  expect(urls.some((u) => /\/assets\/index-[\w-]+\.js$/.test(u))).toBe(true)
  // ...and nothing else: no API answer, cover, auth, socket, status or token.
  const notShellOrAsset = urls.filter((u) => u !== `${origin}/` && !u.startsWith(`${origin}/assets/`))
  expect(notShellOrAsset).toEqual([])
  // (By path, not by name: a build file may well be called assets/api-….js.)
  const serverAnswers = urls.filter((u) => {
    const { pathname, search } = new URL(u)
    return /^\/(api|auth|login|socket\.io|status|ping|public)(\/|$)/.test(pathname) || /token/i.test(search)
  })
  expect(serverAnswers).toEqual([])
  const apiInCache = await page.evaluate(
    async (answers) => (await Promise.all(answers.map((url) => caches.match(url)))).some(Boolean),
    apiAnswers,
  )
  expect(apiInCache).toBe(false)

  // Offline, a page load falls back to the cached shell instead of the browser's error page.
  await context.setOffline(true)
  await page.goto('/library/offline-check')
  expect(await page.title()).toBe('Shelfcast')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  await context.setOffline(false)
})

test('a new deploy (a changed sw.js) brings the update prompt; Reload switches to the new version', async ({
  page,
  clientDist,
}) => {
  await page.goto('/login')
  await controlledByServiceWorker(page)
  await expect(page.getByTestId('update-prompt')).toHaveCount(0)

  // Deploy: a new sw.js on the server. This one also answers which build it is.
  const swFile = path.join(clientDist, 'sw.js')
  fs.appendFileSync(
    swFile,
    '\nself.addEventListener("message", (e) => { if (e.data === "which-build") e.source.postMessage("deploy-2") })\n',
  )

  // Opening the app again is how a user meets a deploy: the browser checks sw.js on page loads.
  await page.reload()
  const prompt = page.getByTestId('update-prompt')
  await expect(prompt).toBeVisible({ timeout: 30_000 })
  await expect(prompt).toContainText('A new version of Shelfcast is ready.')
  // The page still runs the old version until the user decides.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(
    true,
  )

  const reloaded = page.waitForEvent('framenavigated', { timeout: 30_000 })
  await prompt.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  await page.waitForLoadState('load')
  await expect(page.getByTestId('setup-form')).toBeVisible()
  await expect(page.getByTestId('update-prompt')).toHaveCount(0)

  const build = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), { once: true })
        navigator.serviceWorker.controller?.postMessage('which-build')
        setTimeout(() => resolve('no answer'), 10_000)
      }),
  )
  expect(build).toBe('deploy-2')
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(
    false,
  )
})
