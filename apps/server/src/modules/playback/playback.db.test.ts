import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem, MediaProgress, OpenPlaybackSession, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, probeMedia } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

const MP3_BOOK = 'A Writer/Three Parts'
const M4B_BOOK = 'B Writer/Chaptered'
const FLAC_BOOK = 'C Writer/Lossless'
const TAGGED_BOOK = 'D Writer/Tagged'
const OTHER_BOOK = 'E Writer/Elsewhere'

describe('playback', () => {
  let t: TestApp
  let token: string
  let baseUrl: string
  let socket: TestSocket
  let items: Map<string, LibraryItem>
  let otherItem: LibraryItem
  let userToken: string
  let libA: Library
  const dir = tempDir('shelfcast-play-')

  const id = (rel: string) => {
    const item = items.get(rel)
    if (!item) throw new Error(`no item ${rel}`)
    return item.id
  }
  const play = (itemId: string, body: Record<string, unknown>, as = token) =>
    t.call('POST', `/api/items/${itemId}/play`, as, body)
  const device = (deviceId: string) => ({ deviceId, clientName: 'Abs Web', clientVersion: '2.36.0' })

  beforeAll(async () => {
    const rootA = path.join(dir, 'a')
    const rootB = path.join(dir, 'b')
    for (let i = 1; i <= 3; i++) {
      await makeAudio({
        path: path.join(rootA, MP3_BOOK, `${i}.mp3`),
        durationSec: 8,
        tags: { album: 'Three Parts', artist: 'A Writer', track: i },
      })
    }
    await makeAudio({
      path: path.join(rootA, M4B_BOOK, 'book.m4b'),
      durationSec: 20,
      chapters: [
        { title: 'One', startSec: 0, endSec: 10 },
        { title: 'Two', startSec: 10, endSec: 20 },
      ],
      tags: { album: 'Chaptered', artist: 'B Writer' },
    })
    await makeAudio({
      path: path.join(rootA, FLAC_BOOK, 'book.flac'),
      durationSec: 130,
      sampleRate: 8000,
      tags: { album: 'Lossless', artist: 'C Writer' },
    })
    await makeAudio({
      path: path.join(rootA, TAGGED_BOOK, 'book.mp3'),
      durationSec: 2,
      tags: { album: 'Tagged' },
    })
    fs.writeFileSync(
      path.join(rootA, TAGGED_BOOK, 'metadata.json'),
      JSON.stringify({ title: 'Tagged', tags: ['kids'] }),
    )
    await makeAudio({
      path: path.join(rootB, OTHER_BOOK, 'book.mp3'),
      durationSec: 2,
      tags: { album: 'Elsewhere' },
    })

    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    libA = await createLibrary(t, token, {
      name: 'A',
      folders: [{ fullPath: rootA }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, libA.id)
    const libB = await createLibrary(t, token, {
      name: 'B',
      folders: [{ fullPath: rootB }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, libB.id)
    items = await itemsOf(t, libA.id)
    otherItem = [...(await itemsOf(t, libB.id)).values()][0] as LibraryItem
    await t.createUser(token, {
      username: 'reader',
      password: 'reader-password',
      type: 'user',
      librariesAccessible: [libA.id],
      itemTagsSelected: ['kids'],
      permissions: { accessAllLibraries: false, accessAllTags: false, accessExplicitContent: true },
    })
    userToken = (await t.login('reader', 'reader-password')).accessToken
    baseUrl = await t.listen()
    socket = await connectSocket(baseUrl)
    await socket.auth(token)
  }, 120_000)
  afterAll(async () => {
    socket?.close()
    await t?.close()
  })

  it('direct-plays a 3-file mp3 book, with byte ranges on open sessions only', async () => {
    const res = await play(id(MP3_BOOK), {
      deviceInfo: device('d1'),
      supportedMimeTypes: ['audio/mpeg'],
      mediaPlayer: 'html5',
    })
    expect(res.statusCode).toBe(200)
    const s = res.json<OpenPlaybackSession>()
    expect(s.playMethod).toBe(0)
    expect(s.startTime).toBe(0)
    expect(s.displayTitle).toBe('Three Parts')
    expect(s.libraryItem.id).toBe(id(MP3_BOOK))
    expect(s.audioTracks.map((a) => [a.index, a.contentUrl])).toEqual(
      [1, 2, 3].map((i) => [i, `/public/session/${s.id}/track/${i}`]),
    )
    expect(s.audioTracks[1]?.startOffset).toBeCloseTo(s.audioTracks[0]?.duration ?? 0, 3)

    const full = await t.inject({ method: 'GET', url: `/public/session/${s.id}/track/1` })
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('audio/mpeg')
    const part = await t.inject({
      method: 'GET',
      url: `/public/session/${s.id}/track/2`,
      headers: { range: 'bytes=0-99' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.length).toBe(100)
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/)
    const beyond = await t.inject({
      method: 'GET',
      url: `/public/session/${s.id}/track/1`,
      headers: { range: 'bytes=99999999-99999999' },
    })
    expect(beyond.statusCode).toBe(416)
    for (const bad of ['4', '0', 'abc', '1.5', '..%2f..%2fetc%2fpasswd', '99999999999']) {
      expect(
        (await t.inject({ method: 'GET', url: `/public/session/${s.id}/track/${bad}` })).statusCode,
      ).toBe(404)
    }
    expect((await t.inject({ method: 'GET', url: `/public/session/not-a-session/track/1` })).statusCode).toBe(
      404,
    )

    // Sync: progress, the socket event, the finished rule.
    const sync = await t.call('POST', `/api/session/${s.id}/sync`, token, {
      currentTime: 4,
      timeListened: 4,
      duration: 24,
    })
    expect(sync.statusCode).toBe(200)
    expect(sync.body).toBe('OK')
    const ev = await socket.waitFor<{ sessionId: string; data: MediaProgress; deviceDescription: string }>(
      'user_item_progress_updated',
      (p) => p.sessionId === s.id,
    )
    expect(ev.data.currentTime).toBe(4)
    expect(ev.deviceDescription).toContain('Abs Web')
    const progress = (await t.call('GET', `/api/me/progress/${id(MP3_BOOK)}`, token)).json<MediaProgress>()
    expect(progress.currentTime).toBe(4)
    expect(progress.progress).toBeCloseTo(4 / s.duration, 3)
    expect(progress.isFinished).toBe(false)

    // A new play resumes there; on the same device it closes the old session.
    const again = (
      await play(id(MP3_BOOK), { deviceInfo: device('d1'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    expect(again.startTime).toBe(4)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, token, { currentTime: 5, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    expect((await t.inject({ method: 'GET', url: `/public/session/${s.id}/track/1` })).statusCode).toBe(404)

    // Under 10 s remaining: finished; the next play starts at 0.
    await t.call('POST', `/api/session/${again.id}/sync`, token, {
      currentTime: s.duration - 5,
      timeListened: 3,
    })
    const finished = (await t.call('GET', `/api/me/progress/${id(MP3_BOOK)}`, token)).json<MediaProgress>()
    expect(finished.isFinished).toBe(true)
    expect(finished.finishedAt).not.toBeNull()
    const close = await t.call('POST', `/api/session/${again.id}/close`, token, {
      currentTime: s.duration - 4,
      timeListened: 25,
    })
    expect(close.statusCode).toBe(200)
    expect(
      (await t.call('POST', `/api/session/${again.id}/sync`, token, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    expect((await t.call('POST', `/api/session/${again.id}/close`, token)).statusCode).toBe(404)
    const third = (
      await play(id(MP3_BOOK), { deviceInfo: device('d1'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    expect(third.startTime).toBe(0)
    await t.call('POST', `/api/session/${third.id}/close`, token)

    // History and stats.
    const history = (await t.call('GET', '/api/me/listening-sessions?itemsPerPage=2&page=0', token)).json<{
      total: number
      numPages: number
      sessions: { id: string }[]
    }>()
    expect(history.total).toBe(3)
    expect(history.numPages).toBe(2)
    expect(history.sessions).toHaveLength(2)
    const closed = (await t.call('GET', '/api/me/listening-sessions?itemsPerPage=10&page=0', token)).json<{
      sessions: { id: string; currentTime: number; timeListening: number }[]
    }>()
    expect(closed.sessions.find((x) => x.id === again.id)).toMatchObject({
      currentTime: s.duration - 4,
      timeListening: 28,
    })
    const stats = (await t.call('GET', '/api/me/listening-stats', token)).json<{
      totalTime: number
      today: number
      items: Record<string, unknown>
      recentSessions: unknown[]
      dayOfWeek: Record<string, number>
    }>()
    expect(stats.totalTime).toBe(4 + 3 + 25)
    expect(stats.today).toBe(32)
    expect(Object.keys(stats.items)).toEqual([id(MP3_BOOK)])
    // Audiobookshelf's item entry: {id, timeListening, mediaMetadata, lastUpdate}.
    expect(stats.items[id(MP3_BOOK)]).toEqual({
      id: id(MP3_BOOK),
      timeListening: 32,
      mediaMetadata: expect.objectContaining({ title: 'Three Parts' }),
      lastUpdate: expect.any(Number),
    })
    expect(Object.keys(stats).sort()).toEqual([
      'dayOfWeek',
      'days',
      'items',
      'recentSessions',
      'today',
      'totalTime',
    ])
    expect(stats.recentSessions).toHaveLength(3)
  })

  it("answers sessions in Audiobookshelf's shape: its deviceInfo, full metadata, and the admin lists name the user", async () => {
    const phone = {
      deviceId: 'phone-1',
      clientName: 'Abs Android',
      clientVersion: '0.9.79',
      manufacturer: 'Google',
      model: 'Pixel 8',
      sdkVersion: 34,
    }
    const s = (
      await play(id(M4B_BOOK), { deviceInfo: phone, supportedMimeTypes: ['audio/mp4'] })
    ).json<OpenPlaybackSession>()
    const me = (await t.call('GET', '/api/me', token)).json<User>()
    expect(s.deviceInfo).toMatchObject({
      userId: me.id,
      deviceId: 'phone-1',
      manufacturer: 'Google',
      model: 'Pixel 8',
      sdkVersion: '34',
      deviceName: 'Google Pixel 8',
    })
    expect(s).not.toHaveProperty('deviceDescription')
    expect(s.deviceInfo).not.toHaveProperty('serverVersion')
    expect(Object.keys(s.mediaMetadata as object)).toEqual([
      'title',
      'subtitle',
      'authors',
      'narrators',
      'series',
      'genres',
      'publishedYear',
      'publishedDate',
      'publisher',
      'description',
      'isbn',
      'asin',
      'language',
      'explicit',
      'abridged',
    ])
    // A client that sends only its name: "" where it sent nothing, as Audiobookshelf's stored devices answer.
    const bare = (
      await play(id(MP3_BOOK), { deviceInfo: { deviceId: 'bare' }, supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    expect(bare.deviceInfo).toMatchObject({
      manufacturer: '',
      model: '',
      sdkVersion: '',
      deviceName: '',
      clientName: 'Unknown',
    })
    expect(bare.deviceInfo).not.toHaveProperty('browserName')
    // A browser: OS and browser from its User-Agent, and the device name Audiobookshelf makes of them.
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'
    const web = await t.inject({
      method: 'POST',
      url: `/api/items/${id(MP3_BOOK)}/play`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': firefox },
      payload: { deviceInfo: { deviceId: 'browser' }, supportedMimeTypes: ['audio/mpeg'] },
    })
    const webSession = web.json<OpenPlaybackSession>()
    expect(webSession.deviceInfo).toMatchObject({
      browserName: 'Firefox',
      browserVersion: '121.0',
      osName: 'Windows',
      osVersion: '10',
      clientName: 'Abs Web',
      deviceName: 'Windows 10 Firefox',
    })
    await t.call('POST', `/api/session/${webSession.id}/close`, token)

    const all = (await t.call('GET', '/api/sessions?itemsPerPage=50', token)).json<{
      sessions: { id: string; user: unknown }[]
    }>()
    expect(all.sessions.find((x) => x.id === s.id)?.user).toEqual({ id: me.id, username: me.username })
    const open = (await t.call('GET', '/api/sessions/open', token)).json<{
      sessions: { id: string; user: unknown }[]
    }>()
    expect(open.sessions.find((x) => x.id === s.id)?.user).toEqual({ id: me.id, username: me.username })
    // The history keeps no chapters, like Audiobookshelf's; the open session does.
    await t.call('POST', `/api/session/${s.id}/close`, token)
    await t.call('POST', `/api/session/${bare.id}/close`, token)
    const mine = (await t.call('GET', '/api/me/listening-sessions?itemsPerPage=50', token)).json<{
      sessions: OpenPlaybackSession[]
    }>()
    expect(mine.sessions.find((x) => x.id === s.id)?.chapters).toEqual([])
    expect(s.chapters.length).toBeGreaterThan(0)
  })

  it('transcodes an m4b to HLS (copy) with a full VOD playlist and a real first segment', async () => {
    const res = await play(id(M4B_BOOK), { deviceInfo: device('d2'), supportedMimeTypes: ['audio/flac'] })
    expect(res.statusCode).toBe(200)
    const s = res.json<OpenPlaybackSession>()
    expect(s.playMethod).toBe(2)
    expect(s.chapters.map((c) => c.title)).toEqual(['One', 'Two'])
    expect(s.audioTracks).toHaveLength(1)
    expect(s.audioTracks[0]?.contentUrl).toBe(`/hls/${s.id}/output.m3u8`)
    // Like Audiobookshelf, the stream names neither a codec nor one of the item's files.
    expect(s.audioTracks[0]?.codec).toBeNull()
    expect(s.audioTracks[0]?.metadata).toBeNull()
    const playlist = await t.inject({ method: 'GET', url: `/hls/${s.id}/output.m3u8` })
    expect(playlist.statusCode).toBe(200)
    expect(playlist.body).toContain('#EXT-X-ENDLIST')
    expect(playlist.body.match(/#EXTINF/g)).toHaveLength(Math.ceil(s.duration / 6))
    const seg = await t.inject({ method: 'GET', url: `/hls/${s.id}/output-0.ts` })
    expect(seg.statusCode).toBe(200)
    const file = path.join(dir, 'seg0.ts')
    fs.writeFileSync(file, seg.rawPayload)
    const probed = await probeMedia(file)
    expect(probed.audio?.codec).toBe('aac')
    // ffmpeg finished the whole (short) book: the client is told the stream is complete.
    await socket.waitFor<{ id: string }>('stream_ready', (p) => p.id === s.id, 15_000)
    // Audiobookshelf's stream JSON carries the expanded item; progress reports runs of made segments.
    const opened = await socket.waitFor<{
      id: string
      libraryItem: LibraryItem
      episode: unknown
      segmentStartNumber: number
      isTranscodeComplete: boolean
    }>('stream_open', (p) => p.id === s.id)
    expect(opened).toMatchObject({
      libraryItem: { id: id(M4B_BOOK), media: { chapters: expect.any(Array) } },
      episode: null,
      segmentStartNumber: 0,
      isTranscodeComplete: false,
    })
    const progress = socket
      .received('stream_progress')
      .filter((p) => (p as { stream: string }).stream === s.id)
    expect(progress[0]).toEqual({ stream: s.id, chunks: [], numSegments: 0, percent: '0%' })
    const segments = Math.ceil(s.duration / 6)
    expect(progress.at(-1)).toEqual({
      stream: s.id,
      chunks: [`0-${segments - 1}`],
      numSegments: segments,
      percent: '100.00%',
    })
    expect(probed.durationSec).toBeGreaterThan(5)
    expect(probed.durationSec).toBeLessThan(7.5)

    for (const bad of ['..%2f..%2f..%2fetc%2fpasswd', '%2e%2e%2fshelfcast.sqlite', '..%5c..%5cx']) {
      expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/${bad}` })).statusCode).toBe(404)
    }
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/ffmpeg.m3u8` })).statusCode).toBe(400)
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/output-99.ts` })).statusCode).toBe(404)
    expect((await t.inject({ method: 'GET', url: `/hls/nope/output.m3u8` })).statusCode).toBe(404)
    // A transcode session's track URL sends the player to the playlist.
    const redirect = await t.inject({ method: 'GET', url: `/public/session/${s.id}/track/1` })
    expect(redirect.statusCode).toBe(302)

    const streamDir = path.join(t.config.metadataPath, 'streams', s.id)
    expect(fs.existsSync(streamDir)).toBe(true)
    expect((await t.call('POST', `/api/session/${s.id}/close`, token)).statusCode).toBe(200)
    expect(fs.existsSync(streamDir)).toBe(false)
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/output.m3u8` })).statusCode).toBe(404)
  })

  it('encodes flac to AAC, resumes at saved progress and restarts ffmpeg for a segment before its start (stream_reset)', async () => {
    const itemId = id(FLAC_BOOK)
    const saved = await t.call('PATCH', `/api/me/progress/${itemId}`, token, {
      currentTime: 100,
      duration: 130,
    })
    expect(saved.statusCode).toBe(200)
    // Audiobookshelf's answer: the text OK (the record is GET's, and the socket event's).
    expect(saved.headers['content-type']).toMatch(/^text\/plain/)
    expect(saved.body).toBe('OK')
    expect((await t.call('GET', `/api/me/progress/${itemId}`, token)).json<MediaProgress>().currentTime).toBe(
      100,
    )
    const s = (
      await play(itemId, { deviceInfo: device('d3'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    expect(s.playMethod).toBe(2)
    expect(s.startTime).toBe(100)
    const at16 = await t.inject({ method: 'GET', url: `/hls/${s.id}/output-16.ts` })
    expect(at16.statusCode).toBe(200)
    const file = path.join(dir, 'seg16.ts')
    fs.writeFileSync(file, at16.rawPayload)
    expect((await probeMedia(file)).audio?.codec).toBe('aac')
    const first = await t.inject({ method: 'GET', url: `/hls/${s.id}/output-0.ts` })
    expect(first.statusCode).toBe(200)
    const reset = await socket.waitFor<{ startTime: number; streamId: string }>(
      'stream_reset',
      (p) => p.streamId === s.id,
    )
    expect(reset.startTime).toBe(0)
    await t.call('POST', `/api/session/${s.id}/close`, token)
  })

  it('caps transcodes per user with a 4xx message', async () => {
    const body = (d: string) => ({ deviceInfo: device(d), supportedMimeTypes: [], forceTranscode: true })
    // Start from no open transcodes, whatever an earlier test left.
    for (const open of await t.ctx.playback.sessions.openSessions())
      if (open.playMethod === 2) await t.call('POST', `/api/session/${open.id}/close`, token)
    const a = await play(id(M4B_BOOK), body('cap-1'))
    const b = await play(id(M4B_BOOK), body('cap-2'))
    const c = await play(id(M4B_BOOK), body('cap-3'))
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 409])
    expect(c.body).toMatch(/too many/i)
    for (const r of [a, b])
      await t.call('POST', `/api/session/${r.json<OpenPlaybackSession>().id}/close`, token)
    // Concurrent plays cannot slip past the cap together.
    const together = await Promise.all(
      ['cap-4', 'cap-5', 'cap-6', 'cap-7'].map((d) => play(id(M4B_BOOK), body(d))),
    )
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409])
    for (const r of together.filter((x) => x.statusCode === 200))
      await t.call('POST', `/api/session/${r.json<OpenPlaybackSession>().id}/close`, token)
  })

  it('a play refused on a device keeps the session open there; a transcode replacing its own device is within the cap', async () => {
    const transcode = (d: string) => ({ deviceInfo: device(d), supportedMimeTypes: [], forceTranscode: true })
    for (const open of await t.ctx.playback.sessions.openSessions())
      if (open.playMethod === 2) await t.call('POST', `/api/session/${open.id}/close`, token)
    const kept = (
      await play(id(MP3_BOOK), { deviceInfo: device('keep'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    const a = await play(id(M4B_BOOK), transcode('keep-a'))
    const b = await play(id(M4B_BOOK), transcode('keep-b'))
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])

    const refused = await play(id(M4B_BOOK), transcode('keep'))
    expect(refused.statusCode).toBe(409)
    expect(
      (await t.call('POST', `/api/session/${kept.id}/sync`, token, { currentTime: 3, timeListened: 1 }))
        .statusCode,
    ).toBe(200)

    const again = await play(id(M4B_BOOK), transcode('keep-a'))
    expect(again.statusCode).toBe(200)
    expect((await t.call('GET', `/api/session/${a.json<OpenPlaybackSession>().id}`, token)).statusCode).toBe(
      404,
    )
    for (const sid of [kept.id, b.json<OpenPlaybackSession>().id, again.json<OpenPlaybackSession>().id]) {
      expect((await t.call('POST', `/api/session/${sid}/close`, token)).statusCode).toBe(200)
    }
  })

  it('shows admins the open sessions beside the users online', async () => {
    const s = (
      await play(
        id(TAGGED_BOOK),
        { deviceInfo: device('online'), supportedMimeTypes: ['audio/mpeg'] },
        userToken,
      )
    ).json<OpenPlaybackSession>()
    const online = (await t.call('GET', '/api/users/online', token)).json<{
      usersOnline: unknown[]
      openSessions: (OpenPlaybackSession & { user: { id: string } })[]
    }>()
    expect(online.openSessions.find((o) => o.id === s.id)).toMatchObject({
      libraryItemId: id(TAGGED_BOOK),
      userId: s.userId,
      user: { id: s.userId },
    })
    expect((await t.call('GET', '/api/users/online', userToken)).statusCode).toBe(403)
    await t.call('POST', `/api/session/${s.id}/close`, userToken)
    expect(
      (await t.call('GET', '/api/users/online', token))
        .json<{ openSessions: { id: string }[] }>()
        .openSessions.map((o) => o.id),
    ).not.toContain(s.id)
  })

  it('carries the open session in user_online and in the online users of init, like Audiobookshelf', async () => {
    const s = (
      await play(
        id(TAGGED_BOOK),
        { deviceInfo: device('socket-online'), supportedMimeTypes: ['audio/mpeg'] },
        userToken,
      )
    ).json<OpenPlaybackSession>()
    const userSocket = await connectSocket(baseUrl)
    try {
      await userSocket.auth(userToken)
      const online = await socket.waitFor<{ id: string; session: { id: string } | null }>(
        'user_online',
        (u) => u.id === s.userId,
      )
      expect(online.session).toMatchObject({ id: s.id, libraryItemId: id(TAGGED_BOOK) })
      const admin = await connectSocket(baseUrl)
      try {
        const init = (await admin.auth(token)).payload as {
          usersOnline: { id: string; session: { id: string } | null; connections: number }[]
        }
        expect(init.usersOnline.find((u) => u.id === s.userId)).toMatchObject({
          session: { id: s.id },
          connections: 1,
        })
      } finally {
        admin.close()
      }
    } finally {
      userSocket.close()
      await t.call('POST', `/api/session/${s.id}/close`, userToken)
    }
  })

  it("finishes by the library's markAsFinished settings on sync and on a progress update", async () => {
    // A 20 s book: by default it is finished with fewer than 10 s left.
    const itemId = id(M4B_BOOK)
    const set = (settings: Record<string, unknown>) =>
      t.call('PATCH', `/api/libraries/${libA.id}`, token, { settings })
    const finished = async () =>
      (await t.call('GET', `/api/me/progress/${itemId}`, token)).json<MediaProgress>().isFinished
    try {
      expect((await set({ markAsFinishedTimeRemaining: 15 })).json<Library>().settings).toMatchObject({
        markAsFinishedTimeRemaining: 15,
        markAsFinishedPercentComplete: null,
      })
      const s = (
        await play(itemId, { deviceInfo: device('finish'), supportedMimeTypes: ['audio/mp4'] })
      ).json<OpenPlaybackSession>()
      await t.call('POST', `/api/session/${s.id}/sync`, token, { currentTime: 8, timeListened: 1 })
      expect(await finished()).toBe(true)
      await t.call('POST', `/api/session/${s.id}/close`, token)

      await set({ markAsFinishedPercentComplete: 50 })
      expect(
        (await t.call('PATCH', `/api/me/progress/${itemId}`, token, { currentTime: 8, duration: 20 }))
          .statusCode,
      ).toBe(200)
      expect(await finished()).toBe(false)
      await t.call('PATCH', `/api/me/progress/${itemId}`, token, { currentTime: 10, duration: 20 })
      expect(await finished()).toBe(true)
      expect((await set({ markAsFinishedPercentComplete: 101 })).statusCode).toBe(400)
    } finally {
      await set({ markAsFinishedPercentComplete: null, markAsFinishedTimeRemaining: 10 })
      const left = await t.call('GET', `/api/me/progress/${itemId}`, token)
      if (left.statusCode === 200)
        await t.call('DELETE', `/api/me/progress/${left.json<MediaProgress>().id}`, token)
    }
  })

  it('ignores hostile MIME lists and refuses hostile device info with 4xx, never 5xx', async () => {
    const itemId = id(MP3_BOOK)
    const hostile = await play(itemId, {
      deviceInfo: device('d4'),
      supportedMimeTypes: [
        'audio/mpeg; -i /etc/passwd',
        '-f',
        42,
        null,
        'x'.repeat(5000),
        '../../../../etc/passwd',
        'audio/mpeg\n-y',
      ],
      forceDirectPlay: true,
    })
    expect(hostile.statusCode).toBe(200)
    await t.call('POST', `/api/session/${hostile.json<OpenPlaybackSession>().id}/close`, token)
    const bodies: unknown[] = [
      { deviceInfo: { deviceId: 'x'.repeat(10_000) } },
      { deviceInfo: 'device' },
      { supportedMimeTypes: Array.from({ length: 10_000 }, () => 'audio/mpeg') },
      { supportedMimeTypes: 'audio/mpeg' },
      { forceTranscode: 'yes' },
      [],
    ]
    for (const b of bodies) {
      const r = await play(itemId, b as Record<string, unknown>)
      expect(r.statusCode, JSON.stringify(b).slice(0, 80)).toBe(400)
    }
    for (const b of [{}, { currentTime: -1 }, { currentTime: 'x' }, { currentTime: 1e308 }]) {
      expect((await t.call('POST', '/api/session/unknown/sync', token, b)).statusCode).toBeLessThan(500)
    }
    expect((await t.call('POST', '/api/session/unknown/sync', token, { currentTime: 1 })).statusCode).toBe(
      404,
    )
    expect((await play('no-such-item', {})).statusCode).toBe(404)
  })

  it('answers 404 for items without audio', async () => {
    // The tagged folder holds audio; an item id from nowhere and an ebook-only item both give 404.
    const ebookOnly = [...items.values()].find((i) => i.mediaType === 'book' && i.media.tracks.length === 0)
    if (ebookOnly) expect((await play(ebookOnly.id, {})).statusCode).toBe(404)
  })

  it('checks item access on play, progress, batch, bookmarks and sessions like the listing API', async () => {
    const tagged = id(TAGGED_BOOK)
    // Library B is not the reader's; untagged items of library A are hidden by the tag rule.
    for (const hidden of [otherItem.id, id(MP3_BOOK)]) {
      expect((await play(hidden, { supportedMimeTypes: ['audio/mpeg'] }, userToken)).statusCode).toBe(404)
      expect(
        (await t.call('PATCH', `/api/me/progress/${hidden}`, userToken, { currentTime: 1 })).statusCode,
      ).toBe(404)
      expect((await t.call('GET', `/api/me/progress/${hidden}`, userToken)).statusCode).toBe(404)
      expect(
        (await t.call('POST', `/api/me/item/${hidden}/bookmark`, userToken, { time: 1, title: 'x' }))
          .statusCode,
      ).toBe(404)
    }
    const batch = await t.call('PATCH', '/api/me/progress/batch/update', userToken, [
      { libraryItemId: tagged, isFinished: true },
      { libraryItemId: otherItem.id, isFinished: true },
    ])
    expect(batch.statusCode).toBe(404)
    expect((await t.call('GET', `/api/me/progress/${tagged}`, userToken)).statusCode).toBe(404)
    // Every entry is validated before anything is written: one bad entry answers 400 with a message, nothing saved.
    for (const bad of [
      [
        { libraryItemId: tagged, isFinished: true },
        { libraryItemId: tagged, currentTime: 'soon' },
      ],
      [{ libraryItemId: tagged, isFinished: true }, { isFinished: true }],
      [],
      {},
      'x',
    ]) {
      const refused = await t.call('PATCH', '/api/me/progress/batch/update', userToken, bad)
      expect([bad, refused.statusCode]).toEqual([bad, 400])
      expect(refused.headers['content-type']).toMatch(/^text\/plain/)
      expect(refused.body.length).toBeGreaterThan(0)
    }
    expect((await t.call('GET', `/api/me/progress/${tagged}`, userToken)).statusCode).toBe(404)
    const ok = await t.call('PATCH', '/api/me/progress/batch/update', userToken, [
      { libraryItemId: tagged, isFinished: true },
    ])
    expect(ok.statusCode).toBe(200)
    expect(
      (await t.call('GET', `/api/me/progress/${tagged}`, userToken)).json<MediaProgress>().isFinished,
    ).toBe(true)

    // The reader plays what they may see; nobody else can sync, close or read that session.
    const mine = await play(tagged, { supportedMimeTypes: ['audio/mpeg'] }, userToken)
    expect(mine.statusCode).toBe(200)
    const sid = mine.json<OpenPlaybackSession>().id
    expect(
      (await t.call('POST', `/api/session/${sid}/sync`, token, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    expect((await t.call('GET', `/api/session/${sid}`, token)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/session/${sid}`, userToken)).statusCode).toBe(200)
    expect((await t.call('GET', '/api/sessions/open', userToken)).statusCode).toBe(403)
    expect((await t.call('GET', '/api/sessions', userToken)).statusCode).toBe(403)
    const open = (await t.call('GET', '/api/sessions/open', token)).json<{ sessions: { id: string }[] }>()
    expect(open.sessions.map((s) => s.id)).toContain(sid)
    expect((await t.call('POST', `/api/session/${sid}/close`, userToken)).statusCode).toBe(200)
    const all = (await t.call('GET', '/api/sessions?itemsPerPage=100', token)).json<{ total: number }>()
    expect(all.total).toBeGreaterThan(3)
  })

  it("authorises every session id before closing or deleting: nobody ends another user's playback", async () => {
    const rootPlay = (
      await play(id(MP3_BOOK), { deviceInfo: device('owner'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    const track = () =>
      t.inject({
        method: 'GET',
        url: `/public/session/${rootPlay.id}/track/1`,
        headers: { range: 'bytes=0-9' },
      })
    const sync = () =>
      t.call('POST', `/api/session/${rootPlay.id}/sync`, token, { currentTime: 2, timeListened: 1 })

    // A non-admin deleting someone else's open session: 404, and the session is untouched.
    const del = await t.call('DELETE', `/api/sessions/${rootPlay.id}`, userToken)
    expect(del.statusCode).toBe(404)
    expect(del.body).toBe('Session not found')
    expect((await sync()).statusCode).toBe(200)
    expect((await track()).statusCode).toBe(206)
    expect((await t.call('GET', `/api/session/${rootPlay.id}`, token)).statusCode).toBe(200)
    // The batch route is for admins only.
    expect(
      (await t.call('POST', '/api/sessions/batch/delete', userToken, { sessions: [rootPlay.id] })).statusCode,
    ).toBe(403)
    expect((await sync()).statusCode).toBe(200)

    // The owner may delete their own open session: it closes, then its row goes.
    const readerPlay = (
      await play(id(TAGGED_BOOK), { supportedMimeTypes: ['audio/mpeg'] }, userToken)
    ).json<OpenPlaybackSession>()
    expect((await t.call('DELETE', `/api/sessions/${readerPlay.id}`, userToken)).statusCode).toBe(200)
    expect((await t.call('GET', `/api/session/${readerPlay.id}`, userToken)).statusCode).toBe(404)
    expect((await t.call('DELETE', `/api/sessions/${readerPlay.id}`, userToken)).statusCode).toBe(404)

    // An admin may delete anyone's, in a batch with unknown ids skipped.
    expect(
      (
        await t.call('POST', '/api/sessions/batch/delete', token, {
          sessions: [rootPlay.id, 'no-such-session'],
        })
      ).statusCode,
    ).toBe(200)
    expect((await sync()).statusCode).toBe(404)
    expect((await track()).statusCode).toBe(404)
  })

  it('keeps bookmarks and progress in the user JSON; hides from continue listening; deletes progress', async () => {
    const itemId = id(M4B_BOOK)
    const created = await t.call('POST', `/api/me/item/${itemId}/bookmark`, token, {
      time: 7,
      title: 'Good bit',
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({ libraryItemId: itemId, time: 7, title: 'Good bit' })
    const renamed = await t.call('PATCH', `/api/me/item/${itemId}/bookmark`, token, {
      time: 7,
      title: 'Better bit',
    })
    expect(renamed.json()).toMatchObject({ title: 'Better bit' })
    expect(
      (await t.call('PATCH', `/api/me/item/${itemId}/bookmark`, token, { time: 8, title: 'x' })).statusCode,
    ).toBe(404)
    const me = (await t.call('GET', '/api/me', token)).json<User>()
    expect(me.bookmarks).toEqual([
      expect.objectContaining({ libraryItemId: itemId, time: 7, title: 'Better bit' }),
    ])
    expect(me.mediaProgress.map((p) => p.libraryItemId)).toEqual(
      expect.arrayContaining([id(MP3_BOOK), id(FLAC_BOOK)]),
    )
    const login = await t.login('root', 'root-password')
    expect(login.user.bookmarks).toHaveLength(1)
    expect((await t.call('DELETE', `/api/me/item/${itemId}/bookmark/7`, token)).statusCode).toBe(200)
    expect((await t.call('DELETE', `/api/me/item/${itemId}/bookmark/7`, token)).statusCode).toBe(404)
    expect((await t.call('DELETE', `/api/me/item/${itemId}/bookmark/abc`, token)).statusCode).toBe(404)

    const progress = (await t.call('GET', `/api/me/progress/${id(FLAC_BOOK)}`, token)).json<MediaProgress>()
    const hidden = await t.call(
      'GET',
      `/api/me/progress/${progress.id}/remove-from-continue-listening`,
      token,
    )
    expect(hidden.statusCode).toBe(200)
    expect(
      hidden.json<User>().mediaProgress.find((p) => p.id === progress.id)?.hideFromContinueListening,
    ).toBe(true)
    expect((await t.call('DELETE', `/api/me/progress/${progress.id}`, token)).statusCode).toBe(200)
    expect((await t.call('GET', `/api/me/progress/${id(FLAC_BOOK)}`, token)).statusCode).toBe(404)
    // Another user's progress id is not found.
    expect((await t.call('DELETE', `/api/me/progress/${progress.id}`, userToken)).statusCode).toBe(404)
  })

  it('closes sessions idle for more than 36 hours', async () => {
    const s = (
      await play(id(MP3_BOOK), { deviceInfo: device('stale'), supportedMimeTypes: ['audio/mpeg'] })
    ).json<OpenPlaybackSession>()
    t.clock.advance(37 * 3600_000)
    await t.ctx.playback.sessions.sweep()
    const fresh = (await t.login('root', 'root-password')).accessToken
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, fresh, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    await socket.waitFor<string>('user_session_closed', (p) => p === s.id)
  })

  it('answers 404 (never 5xx) when the item is deleted under an open session, and ends that session', async () => {
    const fresh = (await t.login('root', 'root-password')).accessToken
    const s = (
      await play(otherItem.id, { deviceInfo: device('gone'), supportedMimeTypes: ['audio/mpeg'] }, fresh)
    ).json<OpenPlaybackSession>()
    t.ctx.database.sqlite.prepare('DELETE FROM library_items WHERE id = ?').run(otherItem.id)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, fresh, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, fresh, { currentTime: 2, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    expect((await t.inject({ method: 'GET', url: `/public/session/${s.id}/track/1` })).statusCode).toBe(404)
  })

  it('keeps at most 20 open sessions per user, closing the least recently synced', async () => {
    const fresh = (await t.login('root', 'root-password')).accessToken
    const ids: string[] = []
    for (let i = 0; i < 21; i++) {
      const r = await play(
        id(MP3_BOOK),
        { deviceInfo: device(`many-${i}`), supportedMimeTypes: ['audio/mpeg'] },
        fresh,
      )
      ids.push(r.json<OpenPlaybackSession>().id)
      t.clock.advance(1000)
    }
    expect((await t.call('GET', `/api/session/${ids[0]}`, fresh)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/session/${ids[20]}`, fresh)).statusCode).toBe(200)
    const rootId = (await t.call('GET', '/api/me', fresh)).json<User>().id
    expect((await t.ctx.playback.sessions.openSessions()).filter((s) => s.userId === rootId)).toHaveLength(20)
    for (const sid of ids.slice(1))
      expect((await t.call('POST', `/api/session/${sid}/close`, fresh)).statusCode).toBe(200)
  })

  it('stops the ffmpeg of a transcode idle for 10 minutes, keeping the session and its segments', async () => {
    const fresh = (await t.login('root', 'root-password')).accessToken
    const s = (
      await play(id(FLAC_BOOK), { deviceInfo: device('idle'), supportedMimeTypes: [] }, fresh)
    ).json<OpenPlaybackSession>()
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/output-0.ts` })).statusCode).toBe(200)
    const stream = t.ctx.playback.sessions['open'].get(s.id)?.stream
    if (!stream) throw new Error('no stream')
    stream.lastActivity = Date.now() - 11 * 60_000
    await t.ctx.playback.sessions.sweep()
    expect(stream.running).toBe(false)
    expect((await t.inject({ method: 'GET', url: `/hls/${s.id}/output-0.ts` })).statusCode).toBe(200)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, fresh, { currentTime: 3, timeListened: 3 }))
        .statusCode,
    ).toBe(200)
    await t.call('POST', `/api/session/${s.id}/close`, fresh)
  })
})
