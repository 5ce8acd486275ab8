import type {
  FinishedBook,
  GenreWithTime,
  LongestSession,
  NameWithTime,
  ServerStats,
  ServerStatsGroup,
  ServerYearStats,
  UserYearStats,
} from '@shelfcast/contracts'
import type { Kysely } from 'kysely'
import { changeStamp, StampedCache } from '../../db/stamped-cache.ts'
import type { Database } from '../../db/schema.ts'
import { itemVisibility } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { ItemFacts, ListenerScope, MonthItemRow, StatsRepository, Totals } from './stats.repository.ts'

const TOP = 5
const MAX_COVERS = 10
const MAX_FINISHED = 50

/** Listening of a year, aggregated from the rollup and attributed to people and genres. */
interface YearListening {
  numSessions: number
  total: number
  book: number
  podcast: number
  monthly: number[]
  listeners: number
  /** Seconds per item, most listened first. */
  perItem: { id: string; mediaType: string; seconds: number }[]
  /** Items that exist and the caller may see. */
  visible: Map<string, ItemFacts>
  topAuthors: NameWithTime[]
  topGenres: GenreWithTime[]
  topNarrators: NameWithTime[]
}

/** Adds seconds to a name's total. */
function add(map: Map<string, number>, name: string, seconds: number) {
  if (name) map.set(name, (map.get(name) ?? 0) + seconds)
}

function append(map: Map<string, string[]>, key: string, value: string) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** The most listened names, ties by name. */
function top(map: Map<string, number>): { name: string; time: number }[] {
  return [...map]
    .map(([name, time]) => ({ name, time }))
    .sort((a, b) => b.time - a.time || a.name.localeCompare(b.name))
    .slice(0, TOP)
}

const emptyGroup = (): ServerStatsGroup => ({ numItems: 0, numAudioFiles: 0, totalDuration: 0, totalSize: 0 })
const addTotals = (g: ServerStatsGroup, t: Totals): ServerStatsGroup => ({
  numItems: g.numItems + t.numItems,
  numAudioFiles: g.numAudioFiles + t.numAudioFiles,
  totalDuration: g.totalDuration + t.totalDuration,
  totalSize: g.totalSize + t.totalSize,
})

/**
 * Year in review (a user's and the server's) and server totals. Time counts for every session of the year,
 * including items deleted since or in libraries the caller may no longer open (their authors come from the
 * session's display author); only items the caller may see appear by id or title.
 */
export class StatsService {
  private readonly repo: StatsRepository
  private readonly db: Kysely<Database>
  /** Answers kept until the next write anywhere (a sync moves the stamp too); the uncached path is the fast one. */
  private readonly cache = new StampedCache<UserYearStats | ServerYearStats | ServerStats>(200)
  constructor(deps: { repo: StatsRepository; db: Kysely<Database> }) {
    this.repo = deps.repo
    this.db = deps.db
  }

  private async cached<V extends UserYearStats | ServerYearStats | ServerStats>(
    key: unknown[],
    compute: () => Promise<V>,
  ): Promise<V> {
    return (await this.cache.get(await changeStamp(this.db), JSON.stringify(key), compute)) as V
  }

  userYear(user: UserRecord, year: number): Promise<UserYearStats> {
    return this.cached(['user', user.id, visibilityKey(user), year], () => this.computeUserYear(user, year))
  }

  serverYear(user: UserRecord, year: number): Promise<ServerYearStats> {
    return this.cached(['server', visibilityKey(user), year], () => this.computeServerYear(user, year))
  }

  server(): Promise<ServerStats> {
    return this.cached(['totals'], () => this.computeServer())
  }

  private async listening(user: UserRecord, scope: ListenerScope, year: number): Promise<YearListening> {
    const rows = await this.repo.monthRows(scope, year)
    const monthly = new Array<number>(12).fill(0)
    const perItem = new Map<string, { id: string; mediaType: string; seconds: number; last: MonthItemRow }>()
    const users = new Set<string>()
    let numSessions = 0
    let book = 0
    let podcast = 0
    for (const r of rows) {
      const month = Number(r.month.slice(5, 7)) - 1
      if (month >= 0 && month < 12) monthly[month] = (monthly[month] ?? 0) + r.seconds
      numSessions += r.sessions
      if (r.media_type === 'podcast') podcast += r.seconds
      else book += r.seconds
      users.add(r.user_id)
      const it = perItem.get(r.library_item_id)
      if (!it)
        perItem.set(r.library_item_id, {
          id: r.library_item_id,
          mediaType: r.media_type,
          seconds: r.seconds,
          last: r,
        })
      else {
        it.seconds += r.seconds
        if (r.month > it.last.month) it.last = r
      }
    }
    const items = [...perItem.values()].sort((a, b) => b.seconds - a.seconds)
    const facts = await this.repo.items(
      items.map((i) => i.id),
      itemVisibility(user, 'li'),
    )
    const visible = new Map(facts.filter((f) => f.visible).map((f) => [f.id, f]))
    const visibleIds = [...visible.keys()]
    const authorsOf = new Map<string, string[]>()
    for (const a of await this.repo.authorsOf(
      visibleIds.filter((id) => visible.get(id)?.media_type === 'book'),
    ))
      append(authorsOf, a.item_id, a.name)
    const genresOf = new Map<string, string[]>()
    const narratorsOf = new Map<string, string[]>()
    for (const f of await this.repo.facetsOf(visibleIds)) {
      append(f.kind === 'genre' ? genresOf : narratorsOf, f.item_id, f.value)
    }
    const authors = new Map<string, number>()
    const genres = new Map<string, number>()
    const narrators = new Map<string, number>()
    for (const it of items) {
      const known = visible.get(it.id)
      if (!known) {
        // Deleted or out of reach: a book still counts for the author its sessions named.
        if (it.mediaType === 'book')
          for (const name of splitNames(it.last.display_author)) add(authors, name, it.seconds)
        continue
      }
      for (const g of genresOf.get(it.id) ?? []) add(genres, g, it.seconds)
      if (known.media_type !== 'book') continue
      for (const a of authorsOf.get(it.id) ?? []) add(authors, a, it.seconds)
      for (const n of narratorsOf.get(it.id) ?? []) add(narrators, n, it.seconds)
    }
    return {
      numSessions,
      total: book + podcast,
      book,
      podcast,
      monthly,
      listeners: users.size,
      perItem: items,
      visible,
      topAuthors: top(authors),
      topGenres: top(genres).map(({ name, time }) => ({ genre: name, time })),
      topNarrators: top(narrators),
    }
  }

  private async longestSession(
    user: UserRecord,
    scope: ListenerScope,
    year: number,
  ): Promise<LongestSession | null> {
    const s = await this.repo.longestSession(scope, year)
    if (!s) return null
    const [item] = await this.repo.items([s.library_item_id], itemVisibility(user, 'li'))
    return {
      libraryItemId: item?.visible ? item.id : null,
      episodeId: s.episode_id || null,
      displayTitle: s.display_title,
      displayAuthor: s.display_author,
      timeListening: s.time_listening,
      date: s.date,
    }
  }

  private async computeUserYear(user: UserRecord, year: number): Promise<UserYearStats> {
    const scope = { userId: user.id }
    const l = await this.listening(user, scope, year)
    const finished = await this.repo.finishedBooks(user.id, year, itemVisibility(user, 'li'))
    const shown = finished.filter((f) => f.visible)
    const longestFinished = shown.reduce<(typeof shown)[number] | null>(
      (best, f) => (best && best.duration >= f.duration ? best : f),
      null,
    )
    const month = l.monthly.reduce((best, t, i) => (t > (l.monthly[best] ?? 0) ? i : best), 0)
    const finishedBooks: FinishedBook[] = shown.slice(0, MAX_FINISHED).map((f) => ({
      id: f.id,
      title: f.title,
      author: f.author_name,
      duration: f.duration,
      finishedAt: f.finished_at,
    }))
    return {
      year,
      totalListeningSessions: l.numSessions,
      totalListeningTime: l.total,
      totalBookListeningTime: l.book,
      totalPodcastListeningTime: l.podcast,
      monthlyListeningTime: l.monthly,
      topAuthors: l.topAuthors,
      topGenres: l.topGenres,
      topNarrators: l.topNarrators,
      mostListenedNarrator: l.topNarrators[0] ?? null,
      mostListenedMonth: (l.monthly[month] ?? 0) > 0 ? { month, time: l.monthly[month] ?? 0 } : null,
      longestSession: await this.longestSession(user, scope, year),
      yearsWithData: await this.repo.yearsWithData(scope),
      numBooksFinished: finished.length,
      numBooksListened: l.perItem.filter((i) => i.mediaType === 'book').length,
      longestAudiobookFinished: longestFinished && {
        id: longestFinished.id,
        title: longestFinished.title,
        duration: longestFinished.duration,
        finishedAt: longestFinished.finished_at,
      },
      booksWithCovers: l.perItem
        .filter((i) => {
          const f = l.visible.get(i.id)
          return f?.media_type === 'book' && f.has_cover
        })
        .slice(0, MAX_COVERS)
        .map((i) => i.id),
      finishedBooksWithCovers: shown
        .filter((f) => f.has_cover)
        .slice(0, MAX_COVERS)
        .map((f) => f.id),
      finishedBooks,
    }
  }

  private async computeServerYear(user: UserRecord, year: number): Promise<ServerYearStats> {
    const l = await this.listening(user, 'server', year)
    const bookLibraries = (await this.repo.libraries()).filter((lib) => lib.media_type === 'book')
    const visible = itemVisibility(user, 'li')
    let today = emptyGroup()
    const added = { count: 0, size: 0, duration: 0, withCovers: [] as string[] }
    let authorsAdded = 0
    for (const lib of bookLibraries) {
      today = addTotals(today, await this.repo.libraryTotals(lib.id))
      const a = await this.repo.added(lib.id, year)
      added.count += a.count
      added.size += a.size
      added.duration += a.duration
      if (added.withCovers.length < MAX_COVERS)
        added.withCovers.push(...(await this.repo.booksAddedWithCovers(lib.id, year, visible)))
      authorsAdded += await this.repo.authorsAdded(lib.id, year)
    }
    return {
      year,
      numListeningSessions: l.numSessions,
      totalListeningTime: l.total,
      numListeners: l.listeners,
      monthlyListeningTime: l.monthly,
      topAuthors: l.topAuthors,
      topGenres: l.topGenres,
      topNarrators: l.topNarrators,
      longestSession: await this.longestSession(user, 'server', year),
      yearsWithData: await this.repo.yearsWithData('server'),
      numBooksFinished: await this.repo.numBooksFinished(year),
      numBooksAdded: added.count,
      numAuthorsAdded: authorsAdded,
      totalBooksAddedSize: added.size,
      totalBooksAddedDuration: added.duration,
      booksAddedWithCovers: added.withCovers.slice(0, MAX_COVERS),
      totalBooksSize: today.totalSize,
      totalBooksDuration: today.totalDuration,
      numBooks: today.numItems,
      numAudioFiles: today.numAudioFiles,
    }
  }

  private async computeServer(): Promise<ServerStats> {
    let books = emptyGroup()
    let podcasts = emptyGroup()
    for (const lib of await this.repo.libraries()) {
      const t = await this.repo.libraryTotals(lib.id)
      if (lib.media_type === 'podcast') podcasts = addTotals(podcasts, { ...t, numAudioFiles: 0 })
      else books = addTotals(books, t)
    }
    podcasts = { ...podcasts, numAudioFiles: await this.repo.numEpisodeFiles() }
    const listening = await this.repo.listeningTotals()
    return {
      books,
      podcasts,
      total: {
        ...addTotals(books, podcasts),
        numUsers: await this.repo.numUsers(),
        numListeningSessions: listening.sessions,
        totalListeningTime: listening.seconds,
      },
    }
  }
}

/** A session's display author as names ("A, B" names two). */
function splitNames(displayAuthor: string): string[] {
  return displayAuthor
    .split(', ')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** What changes which items a user may see: part of the cache key. */
function visibilityKey(user: UserRecord): unknown {
  return [user.type, user.permissions, user.librariesAccessible, user.itemTagsSelected]
}
