import crypto from 'node:crypto'
import path from 'node:path'
import type { ServerStats, ServerYearStats, UserYearStats } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

/** A listening session written like the playback module writes one (the rollup triggers see it). */
interface Session {
  userId: string
  itemId: string
  date: string
  seconds: number
  mediaType?: 'book' | 'podcast'
  episodeId?: string
  title?: string
  author?: string
}

const mid = (y: number, m: number, d: number) => new Date(y, m, d, 12).getTime()

describe('year in review and server stats', () => {
  let s: BrowseScenario
  let alice: { id: string; token: string }
  let bob: { id: string; token: string }
  let secret: string
  let privateLib: string
  const ids: Record<string, string> = {}

  const addSession = (x: Session) => {
    const stmt = s.t.ctx.database.sqlite.prepare(`INSERT INTO playback_sessions (id, user_id, library_id,
      library_item_id, episode_id, media_type, display_title, display_author, play_method, time_listening, date,
      day_of_week, started_at, updated_at) VALUES (?, ?, 'lib', ?, ?, ?, ?, ?, 0, ?, ?, 0, 1, 1)`)
    const id = crypto.randomUUID()
    stmt.run(
      id,
      x.userId,
      x.itemId,
      x.episodeId ?? '',
      x.mediaType ?? 'book',
      x.title ?? 'Title',
      x.author ?? '',
      x.seconds,
      x.date,
    )
    return id
  }

  beforeAll(async () => {
    s = await createBrowseScenario()
    const root = s.root.accessToken
    privateLib = (await s.fx.library({ name: 'Private', folder: path.join(s.t.dir, 'media', 'private') })).id
    secret = await s.fx.item(privateLib, {
      title: 'Secret Book',
      authors: ['Hidden Author'],
      genres: ['Mystery'],
      narrators: ['Quiet Voice'],
      duration: 90000,
      coverPath: '/nowhere/secret.jpg',
      addedAt: mid(2025, 5, 1),
    })
    const user = async (username: string, body: Record<string, unknown>) => {
      const u = await s.t.createUser(root, { username, password: 'pw', ...body })
      return { id: u.id, token: (await s.t.login(username, 'pw')).accessToken }
    }
    alice = await user('alice', {
      permissions: { accessAllLibraries: false, accessExplicitContent: false },
      librariesAccessible: [s.books, s.podcasts],
    })
    bob = await user('bob', {})
    Object.assign(ids, s.id)
    const [episode] = await s.fx.episodeIds(s.id.show)
    const a = alice.id
    addSession({
      userId: a,
      itemId: s.id.hobbit,
      date: '2025-01-10',
      seconds: 1000,
      author: 'J. R. R. Tolkien',
    })
    addSession({ userId: a, itemId: s.id.hobbit, date: '2025-03-05', seconds: 500 })
    addSession({ userId: a, itemId: s.id.fellowship, date: '2025-03-06', seconds: 3000 })
    addSession({
      userId: a,
      itemId: s.id.show,
      episodeId: episode,
      mediaType: 'podcast',
      date: '2025-02-01',
      seconds: 200,
      author: 'Host Person',
    })
    // An item deleted since: its time and its author stay, its id never shows.
    addSession({
      userId: a,
      itemId: 'gone-item',
      date: '2025-04-01',
      seconds: 700,
      title: 'Lost Book',
      author: 'Ghost Writer',
    })
    // A book of a library alice may no longer open: the longest session, shown without its id.
    addSession({
      userId: a,
      itemId: secret,
      date: '2025-05-01',
      seconds: 4000,
      title: 'Secret Book',
      author: 'Hidden Author',
    })
    addSession({ userId: a, itemId: s.id.hobbit, date: '2024-12-31', seconds: 100 })
    addSession({ userId: bob.id, itemId: s.id.emile, date: '2025-01-02', seconds: 600 })
    addSession({ userId: bob.id, itemId: s.id.dune, date: '2025-11-20', seconds: 50 })
    await s.fx.progress({ userId: a, itemId: s.id.hobbit, isFinished: true, finishedAt: mid(2025, 5, 15) })
    await s.fx.progress({ userId: a, itemId: s.id.fellowship, isFinished: true, finishedAt: mid(2025, 6, 1) })
    await s.fx.progress({ userId: a, itemId: secret, isFinished: true, finishedAt: mid(2025, 7, 1) })
    await s.fx.progress({
      userId: a,
      itemId: s.id.show,
      episodeId: episode,
      isFinished: true,
      finishedAt: mid(2025, 7, 2),
    })
    await s.fx.progress({ userId: bob.id, itemId: s.id.emile, isFinished: true, finishedAt: mid(2024, 7, 2) })
  })
  afterAll(() => s.t.close())

  it("answers the caller's year: totals, months, top lists, finished books", async () => {
    const r = await s.get<UserYearStats>('/api/me/stats/year/2025', alice.token)
    expect(r.status).toBe(200)
    const y = r.body
    expect(y).toMatchObject({
      year: 2025,
      totalListeningSessions: 6,
      totalListeningTime: 9400,
      totalBookListeningTime: 9200,
      totalPodcastListeningTime: 200,
      monthlyListeningTime: [1000, 200, 3500, 700, 4000, 0, 0, 0, 0, 0, 0, 0],
      mostListenedMonth: { month: 4, time: 4000 },
      numBooksListened: 4,
      numBooksFinished: 3,
      yearsWithData: [2025, 2024],
    })
    expect(y.topAuthors).toEqual([
      { name: 'J. R. R. Tolkien', time: 4500 },
      { name: 'Hidden Author', time: 4000 },
      { name: 'Ghost Writer', time: 700 },
    ])
    // The podcast counts for its genre only; the unreachable book for its session's author only.
    expect(y.topGenres).toEqual([
      { genre: 'Fantasy', time: 4500 },
      { genre: 'Talk', time: 200 },
    ])
    expect(y.topNarrators).toEqual([{ name: 'Rob Inglis', time: 4500 }])
    expect(y.mostListenedNarrator).toEqual({ name: 'Rob Inglis', time: 4500 })
    expect(y.longestSession).toEqual({
      libraryItemId: null,
      episodeId: null,
      displayTitle: 'Secret Book',
      displayAuthor: 'Hidden Author',
      timeListening: 4000,
      date: '2025-05-01',
    })
    expect(y.booksWithCovers).toEqual([s.id.hobbit])
    expect(y.finishedBooks.map((b) => b.title)).toEqual(['Fellowship of the Ring', 'The Hobbit'])
    expect(y.finishedBooks[0]).toMatchObject({
      id: s.id.fellowship,
      author: 'J. R. R. Tolkien',
      duration: 70000,
    })
    expect(y.finishedBooksWithCovers).toEqual([s.id.hobbit])
    expect(y.longestAudiobookFinished).toMatchObject({ id: s.id.fellowship, duration: 70000 })
    const text = JSON.stringify(y)
    expect(text).not.toContain(secret)
    expect(text).not.toContain('gone-item')
  })

  it('answers zeros and empty lists for a year without listening', async () => {
    const y = (await s.get<UserYearStats>('/api/me/stats/year/2023', alice.token)).body
    expect(y).toMatchObject({
      year: 2023,
      totalListeningSessions: 0,
      totalListeningTime: 0,
      monthlyListeningTime: new Array(12).fill(0),
      topAuthors: [],
      topGenres: [],
      topNarrators: [],
      mostListenedNarrator: null,
      mostListenedMonth: null,
      longestSession: null,
      numBooksFinished: 0,
      numBooksListened: 0,
      longestAudiobookFinished: null,
      booksWithCovers: [],
      finishedBooks: [],
      yearsWithData: [2025, 2024],
    })
  })

  it("answers the server's year to an admin: every listener, books finished and added", async () => {
    const r = await s.get<ServerYearStats>('/api/stats/year/2025')
    expect(r.status).toBe(200)
    const y = r.body
    const books = s.t.ctx.database.sqlite
      .prepare(
        `SELECT li.added_at AS a, li.size AS size, li.duration AS d FROM library_items li
          JOIN libraries l ON l.id = li.library_id WHERE l.media_type = 'book'`,
      )
      .all() as { a: number; size: number; d: number }[]
    const added = books.filter((b) => new Date(b.a).getFullYear() === 2025)
    expect(y).toMatchObject({
      year: 2025,
      numListeningSessions: 8,
      totalListeningTime: 10050,
      numListeners: 2,
      numBooksFinished: 3,
      numBooksAdded: added.length,
      totalBooksAddedSize: added.reduce((n, b) => n + b.size, 0),
      numBooks: books.length,
      totalBooksSize: books.reduce((n, b) => n + b.size, 0),
      totalBooksDuration: books.reduce((n, b) => n + b.d, 0),
      numAudioFiles: 18,
      yearsWithData: [2025, 2024],
    })
    expect(y.topAuthors).toEqual([
      { name: 'J. R. R. Tolkien', time: 4500 },
      { name: 'Hidden Author', time: 4000 },
      { name: 'Ghost Writer', time: 700 },
      { name: 'Jean-Jacques Rousseau', time: 600 },
      { name: 'Frank Herbert', time: 50 },
    ])
    expect(y.longestSession).toMatchObject({ libraryItemId: secret, timeListening: 4000 })
    expect(y.booksAddedWithCovers).toEqual(added.length ? expect.arrayContaining([secret]) : [])
  })

  it('answers server totals to an admin', async () => {
    const r = await s.get<ServerStats>('/api/stats/server')
    expect(r.status).toBe(200)
    expect(r.body.books).toEqual({ numItems: 7, numAudioFiles: 18, totalDuration: 305010, totalSize: 4010 })
    expect(r.body.podcasts).toMatchObject({ numItems: 2, numAudioFiles: expect.any(Number) })
    expect(r.body.total).toMatchObject({
      numItems: 9,
      numUsers: 3,
      numListeningSessions: 9,
      totalListeningTime: 10150,
    })
  })

  it('follows session writes: a sync adds seconds, a deleted session takes its seconds away', async () => {
    const id = addSession({ userId: bob.id, itemId: s.id.emile, date: '2025-01-03', seconds: 10 })
    const sqlite = s.t.ctx.database.sqlite
    sqlite.prepare('UPDATE playback_sessions SET time_listening = time_listening + 30 WHERE id = ?').run(id)
    let y = (await s.get<UserYearStats>('/api/me/stats/year/2025', bob.token)).body
    expect(y).toMatchObject({ totalListeningSessions: 3, totalListeningTime: 690 })
    sqlite.prepare('DELETE FROM playback_sessions WHERE id = ?').run(id)
    y = (await s.get<UserYearStats>('/api/me/stats/year/2025', bob.token)).body
    expect(y).toMatchObject({ totalListeningSessions: 2, totalListeningTime: 650 })
  })

  it('refuses a year that is not one with a 400', async () => {
    for (const year of ['abc', '0', '100000', '2025.5']) {
      const mine = await s.get(`/api/me/stats/year/${year}`, alice.token)
      expect(mine.status, year).toBe(400)
      expect(mine.text).toMatch(/year/i)
      expect((await s.get(`/api/stats/year/${year}`)).status, year).toBe(400)
    }
  })

  it('keeps the server routes for admins (403 for a user, 401 without a token)', async () => {
    expect((await s.get('/api/stats/year/2025', alice.token)).status).toBe(403)
    expect((await s.get('/api/stats/server', bob.token)).status).toBe(403)
    expect((await s.t.call('GET', '/api/stats/server', null)).statusCode).toBe(401)
    expect((await s.t.call('GET', '/api/me/stats/year/2025', null)).statusCode).toBe(401)
  })
})
