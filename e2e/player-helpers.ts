import type { Page } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.ts'
import { expect, type ShelfcastServer } from './server-fixture.ts'

/** Chromium flags of the config plus autoplay without a gesture (audio starts from scripted clicks). */
export const playerLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, '--autoplay-policy=no-user-gesture-required'],
}

export const ROOT = { username: 'root', password: 'rootpass' } as const

/** Signs in through the login form (the root user must exist). */
export async function logInAs(
  page: Page,
  username: string = ROOT.username,
  password: string = ROOT.password,
) {
  await page.goto('/login')
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill(username)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('app-bar')).toBeVisible()
}

/** Creates the root user, then signs in as it. */
export async function logIn(page: Page, server: ShelfcastServer) {
  await server.initRoot(ROOT.username, ROOT.password)
  await logInAs(page)
}

/** A root access token for set-up calls made outside the browser. */
export async function rootToken(server: ShelfcastServer): Promise<string> {
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ROOT),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status}`)
  return ((await login.json()) as { user: { accessToken: string } }).user.accessToken
}

export async function apiCall<T>(
  server: ShelfcastServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`)
  return (await answer.json()) as T
}

/** Waits until the first book library lists `title` (the scan runs in the background) and returns its id. */
export async function bookId(server: ShelfcastServer, title: string, token?: string): Promise<string> {
  const auth = token ?? (await rootToken(server))
  const { libraries } = await apiCall<{ libraries: { id: string; mediaType: string }[] }>(
    server,
    auth,
    'GET',
    '/api/libraries',
  )
  const library = libraries.find((l) => l.mediaType === 'book')
  if (!library) throw new Error('no book library')
  let id = ''
  await expect
    .poll(
      async () => {
        const { results } = await apiCall<{
          results: { id: string; media: { metadata: { title: string } } }[]
        }>(server, auth, 'GET', `/api/libraries/${library.id}/items?limit=100&minified=1`)
        id = results.find((b) => b.media.metadata.title === title)?.id ?? ''
        return id
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return id
}

const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0)

/** The player bar's current time, in whole seconds. */
export async function shownTime(page: Page): Promise<number> {
  return seconds((await page.getByTestId('player-current-time').textContent()) ?? '0:00')
}

/** The player bar's percentage played. */
export async function percent(page: Page): Promise<number> {
  return Number.parseInt((await page.getByTestId('player-percent').textContent()) ?? '0', 10)
}

/** Clicks the seek track at a fraction of its width. */
export async function seekToFraction(page: Page, fraction: number) {
  const track = page.getByTestId('player-seek-track')
  const box = await track.boundingBox()
  if (!box) throw new Error('seek track not visible')
  await track.click({ position: { x: box.width * fraction, y: box.height / 2 } })
}
