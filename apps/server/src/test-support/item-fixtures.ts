import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import type { LibraryFile } from '@shelfcast/contracts'
import type { Database, LibraryItemsTable, PodcastEpisodesTable } from '../db/schema.ts'
import { authorNameLF, lastFirst, sequenceSortValue, titleIgnoringPrefix } from '../scanner/names.ts'

/** A book (or podcast) as a test describes it; everything not given gets a plain default. */
export interface FixtureItem {
  id?: string
  title?: string
  subtitle?: string | null
  authors?: string[]
  series?: { name: string; sequence?: string | null }[]
  genres?: string[]
  tags?: string[]
  narrators?: string[]
  publisher?: string | null
  language?: string | null
  publishedYear?: string | null
  description?: string | null
  isbn?: string | null
  asin?: string | null
  explicit?: boolean
  abridged?: boolean
  duration?: number
  numTracks?: number
  size?: number
  addedAt?: number
  updatedAt?: number
  mtimeMs?: number
  birthtimeMs?: number
  coverPath?: string | null
  ebookFormat?: string | null
  isMissing?: boolean
  isInvalid?: boolean
  invalidReason?: string
  /** Item folder (absolute); default: <folder>/<title>. */
  path?: string
  isFile?: boolean
  libraryFiles?: LibraryFile[]
  ebookFile?: LibraryFile | null
  /** Podcasts: the show's author (stored in author_name). */
  podcastAuthor?: string | null
  episodes?: FixtureEpisode[]
}

export interface FixtureEpisode {
  id?: string
  title: string
  publishedAt?: number | null
  duration?: number
  description?: string | null
}

export interface FixtureProgress {
  userId: string
  itemId: string
  episodeId?: string
  currentTime?: number
  duration?: number
  progress?: number
  isFinished?: boolean
  hideFromContinueListening?: boolean
  ebookProgress?: number | null
  ebookLocation?: string | null
  lastUpdate?: number
  finishedAt?: number | null
}

const PREFIXES = ['the', 'a']

/**
 * Writes items straight into the tables the scanner fills (rows, authors, series, facets, search row,
 * episodes), so read-side tests control every field without scanning files.
 */
export class ItemFixtures {
  private readonly db: Kysely<Database>
  private clock = Date.UTC(2025, 0, 1)
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /**
   * A library written straight into the tables (no first scan, watcher off), so the scanner never touches
   * the fixture items. The folder is created on disk.
   */
  async library(opts: {
    name?: string
    mediaType?: 'book' | 'podcast'
    folder: string
    displayOrder?: number
  }): Promise<{ id: string; folderId: string }> {
    fs.mkdirSync(opts.folder, { recursive: true })
    const id = crypto.randomUUID()
    const folderId = crypto.randomUUID()
    const now = this.tick()
    const mediaType = opts.mediaType ?? 'book'
    await this.db
      .insertInto('libraries')
      .values({
        id,
        name: opts.name ?? 'Fixture Library',
        media_type: mediaType,
        display_order: opts.displayOrder ?? 1,
        icon: mediaType === 'podcast' ? 'podcast' : 'database',
        provider: 'google',
        settings: JSON.stringify({ disableWatcher: true }),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await this.db
      .insertInto('library_folders')
      .values({ id: folderId, library_id: id, full_path: fs.realpathSync(opts.folder), created_at: now })
      .execute()
    return { id, folderId }
  }

  /** A strictly increasing time, so items added in order sort in that order. */
  private tick() {
    this.clock += 1000
    return this.clock
  }

  private async folderOf(libraryId: string): Promise<{ id: string; full_path: string }> {
    const f = await this.db
      .selectFrom('library_folders')
      .select(['id', 'full_path'])
      .where('library_id', '=', libraryId)
      .orderBy('created_at')
      .executeTakeFirst()
    if (!f) throw new Error(`library ${libraryId} has no folder`)
    return f
  }

  private async authorId(libraryId: string, name: string, now: number): Promise<string> {
    const found = await this.db
      .selectFrom('authors')
      .select('id')
      .where('library_id', '=', libraryId)
      .where(sql<string>`name COLLATE NOCASE`, '=', name)
      .executeTakeFirst()
    if (found) return found.id
    const id = crypto.randomUUID()
    await this.db
      .insertInto('authors')
      .values({
        id,
        library_id: libraryId,
        name,
        last_first: lastFirst(name),
        added_at: now,
        updated_at: now,
      })
      .execute()
    return id
  }

  private async seriesId(libraryId: string, name: string, now: number): Promise<string> {
    const found = await this.db
      .selectFrom('series')
      .select('id')
      .where('library_id', '=', libraryId)
      .where(sql<string>`name COLLATE NOCASE`, '=', name)
      .executeTakeFirst()
    if (found) return found.id
    const id = crypto.randomUUID()
    await this.db
      .insertInto('series')
      .values({
        id,
        library_id: libraryId,
        name,
        name_ignore_prefix: titleIgnoringPrefix(name, PREFIXES),
        added_at: now,
        updated_at: now,
      })
      .execute()
    return id
  }

  async item(libraryId: string, spec: FixtureItem = {}): Promise<string> {
    const lib = await this.db
      .selectFrom('libraries')
      .select('media_type')
      .where('id', '=', libraryId)
      .executeTakeFirstOrThrow()
    const folder = await this.folderOf(libraryId)
    const now = spec.addedAt ?? this.tick()
    const id = spec.id ?? crypto.randomUUID()
    const title = spec.title ?? `Item ${id.slice(0, 8)}`
    const authors = spec.authors ?? []
    const series = spec.series ?? []
    const narrators = spec.narrators ?? []
    const genres = spec.genres ?? []
    const tags = spec.tags ?? []
    const itemPath = spec.path ?? path.join(folder.full_path, title.replace(/[/\\]/g, '_'))
    const isPodcast = lib.media_type === 'podcast'
    const row: LibraryItemsTable = {
      id,
      library_id: libraryId,
      folder_id: folder.id,
      media_type: lib.media_type,
      media_id: crypto.randomUUID(),
      path: itemPath,
      rel_path: path.relative(folder.full_path, itemPath),
      is_file: spec.isFile ? 1 : 0,
      ino: String(Math.floor(Math.random() * 1e9)),
      size: spec.size ?? 1000,
      mtime_ms: spec.mtimeMs ?? now,
      ctime_ms: now,
      birthtime_ms: spec.birthtimeMs ?? now,
      added_at: now,
      updated_at: spec.updatedAt ?? now,
      last_scan: now,
      is_missing: spec.isMissing ? 1 : 0,
      is_invalid: spec.isInvalid ? 1 : 0,
      invalid_reason: spec.invalidReason ?? null,
      scan_fingerprint: null,
      title,
      title_ignore_prefix: titleIgnoringPrefix(title, PREFIXES),
      subtitle: spec.subtitle ?? null,
      author_name: isPodcast ? (spec.podcastAuthor ?? '') : authors.join(', '),
      author_name_lf: isPodcast ? (spec.podcastAuthor ?? '') : authorNameLF(authors),
      narrator_name: narrators.join(', '),
      series_name: series.map((s) => (s.sequence ? `${s.name} #${s.sequence}` : s.name)).join(', '),
      published_year: spec.publishedYear ?? null,
      published_date: null,
      publisher: spec.publisher ?? null,
      description: spec.description ?? null,
      isbn: spec.isbn ?? null,
      asin: spec.asin ?? null,
      language: spec.language ?? null,
      explicit: spec.explicit ? 1 : 0,
      abridged: spec.abridged ? 1 : 0,
      duration: spec.duration ?? 3600,
      num_tracks: spec.numTracks ?? (isPodcast ? 0 : 1),
      num_chapters: 0,
      ebook_format: spec.ebookFormat ?? null,
      cover_path: spec.coverPath ?? null,
      audio_files: '[]',
      chapters: '[]',
      ebook_file: spec.ebookFile
        ? JSON.stringify({ ...spec.ebookFile, ebookFormat: spec.ebookFormat ?? 'epub' })
        : null,
      library_files: JSON.stringify(spec.libraryFiles ?? []),
      tags: JSON.stringify(tags),
      genres: JSON.stringify(genres),
      narrators: JSON.stringify(narrators),
      podcast: isPodcast ? JSON.stringify({ author: spec.podcastAuthor ?? null }) : null,
    }
    await this.db.insertInto('library_items').values(row).execute()
    for (const [position, name] of authors.entries()) {
      await this.db
        .insertInto('item_authors')
        .values({ item_id: id, author_id: await this.authorId(libraryId, name, now), position })
        .execute()
    }
    for (const s of series) {
      const sequence = s.sequence ?? null
      await this.db
        .insertInto('item_series')
        .values({
          item_id: id,
          series_id: await this.seriesId(libraryId, s.name, now),
          sequence,
          sequence_sort: sequenceSortValue(sequence),
        })
        .execute()
    }
    const facets = [
      ...genres.map((value) => ({ kind: 'genre' as const, value })),
      ...tags.map((value) => ({ kind: 'tag' as const, value })),
      ...narrators.map((value) => ({ kind: 'narrator' as const, value })),
    ]
    if (facets.length) {
      await this.db
        .insertInto('item_facets')
        .values(facets.map((f) => ({ item_id: id, library_id: libraryId, ...f })))
        .execute()
    }
    const { rowid } = await this.db
      .selectFrom('library_items')
      .select(sql<number>`rowid`.as('rowid'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await this.db
      .insertInto('items_fts')
      .values({
        rowid,
        item_id: id,
        library_id: libraryId,
        title,
        subtitle: row.subtitle,
        authors: isPodcast ? row.author_name : authors.join(' '),
        narrators: narrators.join(' '),
        series: series.map((s) => s.name).join(' '),
        tags: tags.join(' '),
        genres: genres.join(' '),
        identifiers: [row.isbn, row.asin].filter(Boolean).join(' '),
      })
      .execute()
    for (const [i, e] of (spec.episodes ?? []).entries()) {
      const ep: PodcastEpisodesTable = {
        id: e.id ?? crypto.randomUUID(),
        library_item_id: id,
        episode_index: i + 1,
        season: null,
        episode: String(i + 1),
        episode_type: 'full',
        title: e.title,
        subtitle: null,
        description: e.description ?? null,
        enclosure: null,
        guid: null,
        pub_date: e.publishedAt ? new Date(e.publishedAt).toUTCString() : null,
        published_at: e.publishedAt ?? null,
        chapters: '[]',
        audio_file: null,
        duration: e.duration ?? 600,
        size: 1000,
        added_at: now,
        updated_at: now,
      }
      await this.db.insertInto('podcast_episodes').values(ep).execute()
    }
    return id
  }

  async episodeIds(itemId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .select('id')
      .where('library_item_id', '=', itemId)
      .orderBy('episode_index')
      .execute()
    return rows.map((r) => r.id)
  }

  async progress(p: FixtureProgress): Promise<string> {
    const id = crypto.randomUUID()
    const lastUpdate = p.lastUpdate ?? this.tick()
    const duration = p.duration ?? 3600
    const currentTime = p.currentTime ?? 0
    await this.db
      .insertInto('media_progress')
      .values({
        id,
        user_id: p.userId,
        library_item_id: p.itemId,
        episode_id: p.episodeId ?? '',
        duration,
        progress: p.progress ?? (p.isFinished ? 1 : duration > 0 ? currentTime / duration : 0),
        current_time: currentTime,
        is_finished: p.isFinished ? 1 : 0,
        hide_from_continue_listening: p.hideFromContinueListening ? 1 : 0,
        ebook_location: p.ebookLocation ?? null,
        ebook_progress: p.ebookProgress ?? null,
        last_update: lastUpdate,
        started_at: lastUpdate,
        finished_at: p.isFinished ? (p.finishedAt ?? lastUpdate) : null,
      })
      .execute()
    return id
  }

  async seriesIdByName(libraryId: string, name: string): Promise<string> {
    const s = await this.db
      .selectFrom('series')
      .select('id')
      .where('library_id', '=', libraryId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return s.id
  }

  async authorIdByName(libraryId: string, name: string): Promise<string> {
    const a = await this.db
      .selectFrom('authors')
      .select('id')
      .where('library_id', '=', libraryId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return a.id
  }
}
