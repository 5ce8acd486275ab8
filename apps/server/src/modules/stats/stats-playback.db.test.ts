import path from 'node:path'
import type { OpenPlaybackSession, UserYearStats } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, ROOT, tempDir, type TestApp } from '../../test-support/test-app.ts'

/** Year in review follows what the player writes: a real play, syncs, close and a book marked finished. */
describe('year in review from real playback', () => {
  let t: TestApp
  let token: string
  let itemId: string
  const dir = tempDir('shelfcast-stats-play-')
  const when = new Date(2026, 5, 15, 12)

  beforeAll(async () => {
    const root = path.join(dir, 'lib')
    await makeAudio({
      path: path.join(root, 'A Writer/Short/book.mp3'),
      durationSec: 20,
      tags: { album: 'Short', artist: 'A Writer' },
    })
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    const lib = await createLibrary(t, token, {
      name: 'L',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, lib.id)
    itemId = [...(await itemsOf(t, lib.id)).values()][0]!.id
    t.clock.set(when.getTime())
    // A token from before the clock moved has expired.
    token = (await t.login(ROOT.username, ROOT.password)).accessToken
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('counts synced listening in its month and the finished book', async () => {
    const s = (
      await t.call('POST', `/api/items/${itemId}/play`, token, {
        deviceInfo: { deviceId: 'phone', clientName: 'Abs Web' },
        supportedMimeTypes: ['audio/mpeg'],
      })
    ).json<OpenPlaybackSession>()
    for (const at of [6, 12]) {
      t.clock.advance(6000)
      const sync = await t.call('POST', `/api/session/${s.id}/sync`, token, {
        currentTime: at,
        timeListened: 6,
      })
      expect(sync.statusCode).toBe(200)
    }
    t.clock.advance(3000)
    await t.call('POST', `/api/session/${s.id}/close`, token, { currentTime: 15, timeListened: 3 })
    expect(
      (await t.call('PATCH', `/api/me/progress/${itemId}`, token, { isFinished: true })).statusCode,
    ).toBe(200)

    const y = (await t.call('GET', `/api/me/stats/year/${when.getFullYear()}`, token)).json<UserYearStats>()
    expect(y.totalListeningSessions).toBe(1)
    expect(y.totalBookListeningTime).toBe(15)
    expect(y.monthlyListeningTime[when.getMonth()]).toBe(15)
    expect(y.topAuthors).toEqual([{ name: 'A Writer', time: 15 }])
    expect(y.longestSession).toMatchObject({ libraryItemId: itemId, timeListening: 15 })
    expect(y.finishedBooks).toEqual([
      expect.objectContaining({ id: itemId, title: 'Short', author: 'A Writer' }),
    ])
    expect(y.yearsWithData).toEqual([when.getFullYear()])
  })
})
