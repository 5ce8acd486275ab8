import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, logIn, playerLaunchOptions, rootToken, shownTime } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

test.use({ launchOptions: playerLaunchOptions })

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

test('uploads a two-file book into a library folder, and it plays', async ({ page, server }) => {
  await logIn(page, server)
  const libraryRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-upload-lib-'))
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-upload-src-'))
  folders.push(libraryRoot, work)
  const parts = await Promise.all(
    [1, 2].map((n) =>
      makeAudio({
        path: path.join(work, `Part ${n}.mp3`),
        durationSec: 6,
        sampleRate: 22050,
        bitrateKbps: 32,
        tags: { title: `Part ${n}` },
      }),
    ),
  )
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Uploads',
    mediaType: 'book',
    folders: [{ fullPath: libraryRoot }],
  })

  await page.goto('/upload')
  await page.getByTestId('upload-files-input').setInputFiles(parts)
  const item = page.getByTestId('upload-items').locator('li')
  await expect(item).toHaveCount(1)
  await item.getByLabel('Title').fill('Uploaded Journey')
  await item.getByLabel('Author').fill('Web Author')
  await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
  await expect(item.getByTestId('upload-status')).toHaveText('Uploaded', { timeout: 20_000 })
  expect(fs.readdirSync(path.join(libraryRoot, 'Web Author', 'Uploaded Journey')).sort()).toEqual([
    'Part 1.mp3',
    'Part 2.mp3',
  ])

  // The same path again: the server's check answers, and the client shows it.
  await page.getByRole('button', { name: 'Reset' }).click()
  await page.getByTestId('upload-files-input').setInputFiles(parts)
  await item.getByLabel('Title').fill('Uploaded Journey')
  await item.getByLabel('Author').fill('Web Author')
  await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
  await expect(item.getByTestId('upload-status')).toContainText('already exists on server')

  // The upload answers once the book is scanned in, under the typed title.
  const { results } = await apiCall<{ results: { id: string; media: { metadata: { title: string } } }[] }>(
    server,
    token,
    'GET',
    `/api/libraries/${library.id}/items?minified=1`,
  )
  expect(results.map((r) => r.media.metadata.title)).toEqual(['Uploaded Journey'])
  const id = results[0]?.id ?? ''
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-play').click()
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })
  await expect.poll(() => shownTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
})
