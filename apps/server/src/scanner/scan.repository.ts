import crypto from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type EpisodeRow, type ItemRelations, type ItemRow } from '../db/item-rows.ts'
import { parseTrackOrder, type FileChoices } from './file-choices.ts'
import type { BuiltItem } from './item-builder.ts'
import { lastFirst, sequenceSortValue, titleIgnoringPrefix } from './names.ts'

/** What a rescan needs to know of every item of a library, without reading their JSON documents. */
export interface ItemIndexEntry {
  id: string
  path: string
  relPath: string
  folderId: string
  ino: string | null
  fingerprint: string | null
  isMissing: boolean
  isFile: boolean
}

/** An item as saved, ready for the mapper (events). */
export interface SavedItem {
  row: ItemRow
  relations: ItemRelations
  episodes: EpisodeRow[]
}

/** An author a save created, as Audiobookshelf's `author_added` carries it. */
export interface CreatedAuthor {
  id: string
  name: string
  libraryId: string
  addedAt: number
  updatedAt: number
}

/** What a save did to authors: the ones it created, and the ones that gained or lost a book. */
export interface AuthorChanges {
  created: CreatedAuthor[]
  booksChanged: Set<string>
}

export const noAuthorChanges = (): AuthorChanges => ({ created: [], booksChanged: new Set() })

/** SQLite allows 32,766 bound parameters; rows of ~50 columns go in chunks well below that. */
const ROWS_PER_INSERT = 200
const IDS_PER_QUERY = 500

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

type Db = Kysely<Database> | Transaction<Database>

/**
 * SQL of the scanner: items with their authors, series, facets, episodes and search row, written in one
 * transaction per batch. Ids stay stable: an item is known by library + path (or, moved, by its inode).
 */
export class ScanRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async itemIndex(libraryId: string): Promise<ItemIndexEntry[]> {
    const rows = await this.db
      .selectFrom('library_items')
      .select(['id', 'path', 'rel_path', 'folder_id', 'ino', 'scan_fingerprint', 'is_missing', 'is_file'])
      .where('library_id', '=', libraryId)
      .execute()
    return rows.map((r) => ({
      id: r.id,
      path: r.path,
      relPath: r.rel_path,
      folderId: r.folder_id,
      ino: r.ino,
      fingerprint: r.scan_fingerprint,
      isMissing: r.is_missing === 1,
      isFile: r.is_file === 1,
    }))
  }

  /** The parts of earlier rows a rebuild keeps (ids, times, cover, podcast settings, episode ids). */
  async previousState(ids: readonly string[]) {
    const out = new Map<
      string,
      {
        mediaId: string
        addedAt: number
        coverPath: string | null
        libraryFiles: string
        podcast: string | null
        episodes: EpisodeRow[]
        fileChoices: FileChoices
      }
    >()
    for (const part of chunks(ids, IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('library_items')
        .leftJoin('item_file_choices', 'item_file_choices.item_id', 'library_items.id')
        .select([
          'library_items.id',
          'library_items.media_id',
          'library_items.added_at',
          'library_items.cover_path',
          'library_items.library_files',
          'library_items.podcast',
          'item_file_choices.track_order',
          'item_file_choices.primary_ebook',
        ])
        .where('library_items.id', 'in', part)
        .execute()
      for (const r of rows) {
        out.set(r.id, {
          mediaId: r.media_id,
          addedAt: r.added_at,
          coverPath: r.cover_path,
          libraryFiles: r.library_files,
          podcast: r.podcast,
          episodes: [],
          fileChoices: { trackOrder: parseTrackOrder(r.track_order), primaryEbook: r.primary_ebook },
        })
      }
      const episodes = await this.db
        .selectFrom('podcast_episodes')
        .selectAll()
        .where('library_item_id', 'in', part)
        .execute()
      for (const e of episodes) out.get(e.library_item_id)?.episodes.push(e)
    }
    return out
  }

  /** Finds or creates people/series by name (case-insensitive, per library); returns name(lower) -> id. */
  private async ensureAuthors(
    trx: Db,
    libraryId: string,
    names: string[],
    now: number,
    created: CreatedAuthor[],
  ): Promise<Map<string, { id: string; name: string }>> {
    const map = new Map<string, { id: string; name: string }>()
    if (names.length === 0) return map
    const load = async (list: string[]) => {
      for (const part of chunks(list, IDS_PER_QUERY)) {
        const rows = await trx
          .selectFrom('authors')
          .select(['id', 'name'])
          .where('library_id', '=', libraryId)
          .where(sql<string>`name COLLATE NOCASE`, 'in', part)
          .execute()
        for (const r of rows) map.set(r.name.toLowerCase(), r)
      }
    }
    await load(names)
    const missing = names.filter((n) => !map.has(n.toLowerCase()))
    const inserted = new Set<string>()
    for (const part of chunks(missing, ROWS_PER_INSERT)) {
      const values = part.map((name) => ({
        id: crypto.randomUUID(),
        library_id: libraryId,
        name,
        last_first: lastFirst(name),
        added_at: now,
        updated_at: now,
      }))
      for (const v of values) inserted.add(v.id)
      await trx
        .insertInto('authors')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    if (missing.length) await load(missing)
    // A name another writer inserted first keeps that writer's id: only our own rows are new here.
    for (const a of map.values())
      if (inserted.has(a.id))
        created.push({ id: a.id, name: a.name, libraryId, addedAt: now, updatedAt: now })
    return map
  }

  private async ensureSeries(
    trx: Db,
    libraryId: string,
    names: string[],
    prefixes: readonly string[],
    now: number,
  ): Promise<Map<string, { id: string; name: string }>> {
    const map = new Map<string, { id: string; name: string }>()
    if (names.length === 0) return map
    const load = async (list: string[]) => {
      for (const part of chunks(list, IDS_PER_QUERY)) {
        const rows = await trx
          .selectFrom('series')
          .select(['id', 'name'])
          .where('library_id', '=', libraryId)
          .where(sql<string>`name COLLATE NOCASE`, 'in', part)
          .execute()
        for (const r of rows) map.set(r.name.toLowerCase(), r)
      }
    }
    await load(names)
    const missing = names.filter((n) => !map.has(n.toLowerCase()))
    for (const part of chunks(missing, ROWS_PER_INSERT)) {
      await trx
        .insertInto('series')
        .values(
          part.map((name) => ({
            id: crypto.randomUUID(),
            library_id: libraryId,
            name,
            name_ignore_prefix: titleIgnoringPrefix(name, prefixes),
            added_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    if (missing.length) await load(missing)
    return map
  }

  /**
   * Saves a batch of built items in one transaction: rows upserted by id, authors and series found or
   * created, join rows and facets replaced, the search row rewritten, podcast episodes synced.
   */
  async saveBatch(
    libraryId: string,
    items: readonly BuiltItem[],
    prefixes: readonly string[],
    now: number,
    authorChanges: AuthorChanges = noAuthorChanges(),
  ): Promise<SavedItem[]> {
    if (items.length === 0) return []
    const created: CreatedAuthor[] = []
    const linksBefore = new Set<string>()
    const saved = await this.db.transaction().execute(async (trx) => {
      const uniq = (names: string[]) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()]
      const authors = await this.ensureAuthors(
        trx,
        libraryId,
        uniq(items.flatMap((i) => i.authors)),
        now,
        created,
      )
      const series = await this.ensureSeries(
        trx,
        libraryId,
        uniq(items.flatMap((i) => i.series.map((s) => s.name))),
        prefixes,
        now,
      )
      const ids = items.map((i) => i.row.id)

      const existing = new Set<string>()
      for (const part of chunks(ids, IDS_PER_QUERY)) {
        for (const r of await trx.selectFrom('library_items').select('id').where('id', 'in', part).execute())
          existing.add(r.id)
      }
      const rows = items.map((i) => i.row)
      for (const part of chunks(rows, ROWS_PER_INSERT)) {
        await trx
          .insertInto('library_items')
          .values(part)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => {
              const set: Record<string, unknown> = {}
              for (const key of Object.keys(rows[0] ?? {})) {
                if (key !== 'id' && key !== 'added_at' && key !== 'media_id')
                  set[key] = eb.ref(`excluded.${key}` as 'excluded.title')
              }
              return set
            }),
          )
          .execute()
      }

      const old = ids.filter((id) => existing.has(id))
      for (const part of chunks(old, IDS_PER_QUERY)) {
        const links = await trx
          .selectFrom('item_authors')
          .select(['item_id', 'author_id'])
          .where('item_id', 'in', part)
          .execute()
        for (const l of links) linksBefore.add(`${l.author_id} ${l.item_id}`)
        await trx.deleteFrom('item_authors').where('item_id', 'in', part).execute()
        await trx.deleteFrom('item_series').where('item_id', 'in', part).execute()
        await trx.deleteFrom('item_facets').where('item_id', 'in', part).execute()
      }

      const authorRows = items.flatMap((i) =>
        i.authors.flatMap((name, position) => {
          const a = authors.get(name.toLowerCase())
          return a ? [{ item_id: i.row.id, author_id: a.id, position }] : []
        }),
      )
      const seriesRows = items.flatMap((i) =>
        i.series.flatMap((s) => {
          const found = series.get(s.name.toLowerCase())
          return found
            ? [
                {
                  item_id: i.row.id,
                  series_id: found.id,
                  sequence: s.sequence,
                  sequence_sort: sequenceSortValue(s.sequence),
                },
              ]
            : []
        }),
      )
      const facetRows = items.flatMap((i) => [
        ...i.genres.map((value) => ({
          item_id: i.row.id,
          library_id: libraryId,
          kind: 'genre' as const,
          value,
        })),
        ...i.tags.map((value) => ({ item_id: i.row.id, library_id: libraryId, kind: 'tag' as const, value })),
        ...i.narrators.map((value) => ({
          item_id: i.row.id,
          library_id: libraryId,
          kind: 'narrator' as const,
          value,
        })),
      ])
      for (const part of chunks(authorRows, ROWS_PER_INSERT * 4)) {
        await trx
          .insertInto('item_authors')
          .values(part)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
      for (const part of chunks(seriesRows, ROWS_PER_INSERT * 4)) {
        await trx
          .insertInto('item_series')
          .values(part)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
      for (const part of chunks(facetRows, ROWS_PER_INSERT * 4)) {
        await trx
          .insertInto('item_facets')
          .values(part)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }

      // The search row shares the item's rowid, so it is replaced through the rowid index, not a scan.
      const rowids = new Map<string, number>()
      for (const part of chunks(ids, IDS_PER_QUERY)) {
        const found = await trx
          .selectFrom('library_items')
          .select(['id', sql<number>`rowid`.as('rowid')])
          .where('id', 'in', part)
          .execute()
        for (const r of found) rowids.set(r.id, r.rowid)
      }
      const oldRowids = old.map((id) => rowids.get(id)).filter((r): r is number => r !== undefined)
      for (const part of chunks(oldRowids, IDS_PER_QUERY)) {
        await trx.deleteFrom('items_fts').where('rowid', 'in', part).execute()
      }
      const ftsRows = items.flatMap((i) => {
        const rowid = rowids.get(i.row.id)
        if (rowid === undefined) return []
        return [
          {
            rowid,
            item_id: i.row.id,
            library_id: libraryId,
            title: i.row.title,
            subtitle: i.row.subtitle,
            authors: i.row.media_type === 'podcast' ? i.row.author_name : i.authors.join(' '),
            narrators: i.narrators.join(' '),
            series: i.series.map((s) => s.name).join(' '),
            tags: i.tags.join(' '),
            genres: i.genres.join(' '),
            identifiers: [i.row.isbn, i.row.asin].filter(Boolean).join(' '),
          },
        ]
      })
      for (const part of chunks(ftsRows, ROWS_PER_INSERT))
        await trx.insertInto('items_fts').values(part).execute()

      for (const item of items) {
        if (!item.episodes) continue
        const keep = item.episodes.map((e) => e.id)
        let del = trx.deleteFrom('podcast_episodes').where('library_item_id', '=', item.row.id)
        if (keep.length) del = del.where('id', 'not in', keep)
        await del.execute()
        for (const part of chunks(item.episodes, ROWS_PER_INSERT)) {
          await trx
            .insertInto('podcast_episodes')
            .values(part)
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                episode_index: eb.ref('excluded.episode_index'),
                season: eb.ref('excluded.season'),
                episode: eb.ref('excluded.episode'),
                title: eb.ref('excluded.title'),
                subtitle: eb.ref('excluded.subtitle'),
                description: eb.ref('excluded.description'),
                pub_date: eb.ref('excluded.pub_date'),
                published_at: eb.ref('excluded.published_at'),
                chapters: eb.ref('excluded.chapters'),
                audio_file: eb.ref('excluded.audio_file'),
                duration: eb.ref('excluded.duration'),
                size: eb.ref('excluded.size'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute()
        }
      }

      return items.map((i) => ({
        row: i.row,
        relations: {
          authors: i.authors.flatMap((n) => {
            const a = authors.get(n.toLowerCase())
            return a ? [a] : []
          }),
          series: i.series.flatMap((s) => {
            const found = series.get(s.name.toLowerCase())
            return found ? [{ id: found.id, name: found.name, sequence: s.sequence }] : []
          }),
        },
        episodes: i.episodes ?? [],
      }))
    })
    // Told only once the transaction committed: a rolled-back batch changed no author.
    authorChanges.created.push(...created)
    const linksAfter = new Set<string>()
    for (const item of saved) for (const a of item.relations.authors) linksAfter.add(`${a.id} ${item.row.id}`)
    for (const link of linksAfter)
      if (!linksBefore.has(link)) authorChanges.booksChanged.add(link.split(' ')[0] as string)
    for (const link of linksBefore)
      if (!linksAfter.has(link)) authorChanges.booksChanged.add(link.split(' ')[0] as string)
    return saved
  }

  /** How many books each author has now (authors that no longer exist are left out). */
  async authorBookCounts(authorIds: readonly string[]): Promise<{ id: string; numBooks: number }[]> {
    const out: { id: string; numBooks: number }[] = []
    for (const part of chunks(authorIds, IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('authors')
        .leftJoin('item_authors', 'item_authors.author_id', 'authors.id')
        .select(['authors.id', (eb) => eb.fn.count<number>('item_authors.item_id').as('numBooks')])
        .where('authors.id', 'in', part)
        .groupBy('authors.id')
        .execute()
      out.push(...rows.map((r) => ({ id: r.id, numBooks: Number(r.numBooks) })))
    }
    return out
  }

  /** Flags items missing (or present again); returns the ids whose flag changed. */
  async setMissing(ids: readonly string[], missing: boolean, now: number): Promise<string[]> {
    const changed: string[] = []
    for (const part of chunks(ids, IDS_PER_QUERY)) {
      const rows = await this.db
        .updateTable('library_items')
        .set({ is_missing: missing ? 1 : 0, updated_at: now, ...(missing ? {} : { last_scan: now }) })
        .where('id', 'in', part)
        .where('is_missing', '=', missing ? 0 : 1)
        .returning('id')
        .execute()
      changed.push(...rows.map((r) => r.id))
    }
    return changed
  }

  /** A cover set by a user (or none), kept by later scans. */
  async setCoverPath(id: string, coverPath: string | null, nowMs: number): Promise<void> {
    await this.db
      .updateTable('library_items')
      .set({ cover_path: coverPath, updated_at: nowMs })
      .where('id', '=', id)
      .execute()
  }

  /** Full rows with relations and episodes, for events about items that were not rebuilt. */
  async loadItems(ids: readonly string[]): Promise<SavedItem[]> {
    const out: SavedItem[] = []
    for (const part of chunks(ids, IDS_PER_QUERY)) {
      const rows = await this.db.selectFrom('library_items').selectAll().where('id', 'in', part).execute()
      const authors = await this.db
        .selectFrom('item_authors')
        .innerJoin('authors', 'authors.id', 'item_authors.author_id')
        .select(['item_authors.item_id', 'authors.id', 'authors.name'])
        .where('item_authors.item_id', 'in', part)
        .orderBy('item_authors.position')
        .execute()
      const series = await this.db
        .selectFrom('item_series')
        .innerJoin('series', 'series.id', 'item_series.series_id')
        .select(['item_series.item_id', 'series.id', 'series.name', 'item_series.sequence'])
        .where('item_series.item_id', 'in', part)
        .execute()
      const episodes = await this.db
        .selectFrom('podcast_episodes')
        .selectAll()
        .where('library_item_id', 'in', part)
        .execute()
      for (const row of rows) {
        out.push({
          row,
          relations: {
            authors: authors.filter((a) => a.item_id === row.id).map((a) => ({ id: a.id, name: a.name })),
            series: series
              .filter((s) => s.item_id === row.id)
              .map((s) => ({ id: s.id, name: s.name, sequence: s.sequence })),
          },
          episodes: episodes
            .filter((e) => e.library_item_id === row.id)
            .sort((a, b) => (a.episode_index ?? 0) - (b.episode_index ?? 0)),
        })
      }
    }
    return out
  }

  async findItem(id: string): Promise<{
    id: string
    libraryId: string
    folderId: string
    relPath: string
    isFile: boolean
    isMissing: boolean
  } | null> {
    const r = await this.db
      .selectFrom('library_items')
      .select(['id', 'library_id', 'folder_id', 'rel_path', 'is_file', 'is_missing'])
      .where('id', '=', id)
      .executeTakeFirst()
    return r
      ? {
          id: r.id,
          libraryId: r.library_id,
          folderId: r.folder_id,
          relPath: r.rel_path,
          isFile: r.is_file === 1,
          isMissing: r.is_missing === 1,
        }
      : null
  }

  /** Deletes items with their search rows (join rows, progress and list entries cascade). */
  async deleteItems(ids: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks([...ids], IDS_PER_QUERY)) {
        await trx
          .deleteFrom('items_fts')
          .where('rowid', 'in', (eb) =>
            eb
              .selectFrom('library_items')
              .select(sql<number>`rowid`.as('rowid'))
              .where('id', 'in', part),
          )
          .execute()
        await trx.deleteFrom('library_items').where('id', 'in', part).execute()
      }
    })
  }

  /** Removes authors and series no item uses any more, unless someone gave them details (image, description, ASIN). */
  async pruneOrphans(libraryId: string): Promise<{ seriesIds: string[] }> {
    await this.db
      .deleteFrom('authors')
      .where('library_id', '=', libraryId)
      .where('image_path', 'is', null)
      .where('description', 'is', null)
      .where('asin', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('item_authors')
              .select('item_id')
              .whereRef('item_authors.author_id', '=', 'authors.id'),
          ),
        ),
      )
      .execute()
    const removed = await this.db
      .deleteFrom('series')
      .where('library_id', '=', libraryId)
      .where('description', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('item_series')
              .select('item_id')
              .whereRef('item_series.series_id', '=', 'series.id'),
          ),
        ),
      )
      .returning('id')
      .execute()
    return { seriesIds: removed.map((r) => r.id) }
  }
}
