import fs from 'node:fs'
import path from 'node:path'
import type { OpenPlaybackSession } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

/**
 * ffmpeg reading at real speed (a wrapper adds `-re` before the input), so "the furthest segment made"
 * stays small and a request far past it is a real far seek.
 */
describe('HLS far seek', () => {
  let t: TestApp
  let token: string
  let socket: TestSocket
  let itemId: string
  const dir = tempDir('shelfcast-farseek-')

  beforeAll(async () => {
    const wrapper = path.join(dir, 'slow-ffmpeg.sh')
    fs.writeFileSync(wrapper, '#!/bin/sh\nexec ffmpeg -re "$@"\n', { mode: 0o755 })
    const root = path.join(dir, 'books')
    await makeAudio({
      path: path.join(root, 'F Writer', 'Far', 'book.flac'),
      durationSec: 150,
      sampleRate: 8000,
    })
    const app = await createInitialisedApp({ env: { FFMPEG_PATH: wrapper } })
    t = app.t
    token = app.root.accessToken
    const lib = await createLibrary(t, token, {
      name: 'Far',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, lib.id)
    itemId = [...(await itemsOf(t, lib.id)).values()][0]?.id as string
    socket = await connectSocket(await t.listen())
    await socket.auth(token)
  }, 60_000)
  afterAll(async () => {
    socket?.close()
    await t?.close()
  })

  it('restarts ffmpeg at a segment more than 10 past the furthest made, and not for a near one', async () => {
    const s = (
      await t.call('POST', `/api/items/${itemId}/play`, token, {
        deviceInfo: { deviceId: 'far' },
        supportedMimeTypes: [],
      })
    ).json<OpenPlaybackSession>()
    expect(s.playMethod).toBe(2)
    // At real speed from 0 this segment would take 2 minutes (past the test's ceiling); the restart at 120 s,
    // which stream_reset tells, makes it in seconds.
    const far = await t.inject({ method: 'GET', url: `/hls/${s.id}/output-20.ts` })
    expect(far.statusCode).toBe(200)
    const reset = await socket.waitFor<{ startTime: number; streamId: string }>(
      'stream_reset',
      (p) => p.streamId === s.id,
    )
    expect(reset.startTime).toBe(120)
    const resets = () => socket.received('stream_reset').length
    const before = resets()
    // The next segment is being made by the running ffmpeg: no restart.
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/output-21.ts` })).statusCode).toBe(200)
    expect(resets()).toBe(before)
    await t.call('POST', `/api/session/${s.id}/close`, token)
  }, 90_000)
})
