import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  startFakeMetadataProviders,
  type FakeMetadataProviders,
} from '../apps/server/src/test-support/fake-metadata-providers.ts'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test as base } from './server-fixture.ts'

/**
 * Matching against a protocol-true fake Audible (and Audnexus) on 127.0.0.1: the server reaches it through
 * METADATA_PROVIDER_ORIGINS, allowed by SSRF_REQUEST_FILTER_WHITELIST — the guard itself is not weakened.
 */
const test = base.extend<object, { fake: FakeMetadataProviders }>({
  fake: [
    // Playwright reads a fixture's dependencies from this destructuring: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeMetadataProviders({ timeoutMs: 10_000 })
      await use(fake)
      await fake.close()
    },
    { scope: 'worker' },
  ],
  serverEnv: async ({ fake }, use) => {
    await use({
      SSRF_REQUEST_FILTER_WHITELIST: 'localhost',
      METADATA_PROVIDER_ORIGINS: JSON.stringify({
        audible: `${fake.origin}/audible/{region}`,
        audnexus: `${fake.origin}/audnexus`,
      }),
    })
  },
})

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

test('matches a book against Audible and applies its cover and description', async ({
  page,
  server,
  fake,
}) => {
  await logIn(page, server)
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-match-'))
  folders.push(root)
  await makeAudio({
    path: path.join(root, 'Terry Pratchett', 'Mort', 'Mort.mp3'),
    durationSec: 3,
    tags: { album: 'Mort', artist: 'Terry Pratchett' },
  })
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, 'Mort', token)

  await page.goto(`/item/${id}`)
  await page.getByTestId('item-edit').click()
  await page.getByRole('tab', { name: 'Match' }).click()
  await page.getByTestId('edit-match').getByLabel('Provider').selectOption('audible')
  await page.getByTestId('match-title').fill('Mort')
  await page.getByTestId('match-search').click()
  await page.getByTestId('match-result').first().click()
  await expect(page.getByTestId('match-review')).toBeVisible()
  await page.getByTestId('match-apply').click()

  await expect
    .poll(
      async () =>
        (
          await apiCall<{ media: { metadata: { description: string | null }; coverPath: string | null } }>(
            server,
            token,
            'GET',
            `/api/items/${id}?expanded=1`,
          )
        ).media,
    )
    .toMatchObject({
      metadata: { description: expect.stringContaining('Summary') },
      coverPath: expect.stringMatching(/user-cover\.png$/),
    })
  // The applied cover is the image the fake Audible served.
  const cover = await fetch(`${server.url}/api/items/${id}/cover?raw=1`)
  expect(Buffer.from(await cover.arrayBuffer()).equals(fake.image)).toBe(true)
})
