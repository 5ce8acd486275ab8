import crypto from 'node:crypto'
import { canAccessLibrary, OpenFeedRequest } from '@shelfcast/contracts'
import type { Feed, FeedEntityType, FeedMinified } from '@shelfcast/contracts'
import type BetterSqlite3 from 'better-sqlite3'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ItemsService, ServableFile } from '../library-items/items.service.ts'
import type { UsersService } from '../users/users.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { watchFeedClosures } from './feed-closures.ts'
import { feedUrlOf, toFeedMinified, type FeedDocument, type StoredFeedMeta } from './feed-model.ts'
import { FeedSource, type FeedFile } from './feed-source.ts'
import { feedXml } from './feed-xml.ts'
import type { FeedRow, FeedsRepository } from './feeds.repository.ts'

const FEED_NOT_FOUND = 'Feed not found'
const NOTHING_PLAYABLE = 'Nothing to list in a feed: no audio tracks or episodes'

/** A built document with its validators, kept until anything it may be made of changes. */
export interface FeedAnswer {
  xml: string
  etag: string
  lastModifiedMs: number
  preventIndexing: boolean
}

/** What a cached answer is keyed on: any content write, and the owner's account (their visibility). */
export interface FeedStamps {
  stampFor(userId: string): string
}

/**
 * RSS feeds out: admins open one feed per item, collection or series; podcast apps read it by slug without an
 * account. The document is built from the live source at request time; a feed closes with its source.
 */
export class FeedsService {
  private readonly repo: FeedsRepository
  private readonly source: FeedSource
  private readonly items: ItemsService
  private readonly users: UsersService
  private readonly realtime: Realtime
  private readonly clock: Clock
  private readonly stamps: FeedStamps
  private readonly closures: { flush: () => void }
  private readonly answers = new Map<string, { stamp: string; answer: FeedAnswer }>()

  constructor(deps: {
    repo: FeedsRepository
    sqlite: BetterSqlite3.Database
    items: ItemsService
    users: UsersService
    realtime: Realtime
    clock: Clock
    stamps: FeedStamps
  }) {
    this.repo = deps.repo
    this.source = new FeedSource(deps.repo)
    this.items = deps.items
    this.users = deps.users
    this.realtime = deps.realtime
    this.clock = deps.clock
    this.stamps = deps.stamps
    this.closures = watchFeedClosures(deps.sqlite, (rows) => {
      for (const row of rows) {
        this.answers.delete(row.id)
        this.realtime.toAdmins('rss_feed_closed', toFeedMinified(row))
      }
    })
  }

  // ---- admin calls ------------------------------------------------------------------------------

  /** Opens a feed (spec §5 slug rules, one feed per entity, something playable) and tells the admins. */
  async open(
    user: UserRecord,
    entityType: FeedEntityType,
    entityId: string,
    body: OpenFeedRequest,
  ): Promise<FeedMinified> {
    const req = OpenFeedRequest.parse(body)
    await this.checkEntityVisible(user, entityType, entityId)
    const draft = { entity_type: entityType, entity_id: entityId, server_address: req.serverAddress }
    const live = await this.source.live(draft, user)
    if (!live) throw notFound(this.notFoundMessage(entityType))
    if (!(await this.source.hasPlayable(live))) throw badRequest(NOTHING_PLAYABLE)
    if (await this.repo.bySlug(req.slug)) throw badRequest(`Slug "${req.slug}" already in use`)
    if ((await this.repo.forEntities(entityType, [entityId])).size)
      throw badRequest('A feed is already open for this entity')
    const now = this.clock()
    const meta: StoredFeedMeta = {
      title: live.title,
      description: live.description,
      preventIndexing: req.metadataDetails.preventIndexing,
      ownerName: req.metadataDetails.ownerName || null,
      ownerEmail: req.metadataDetails.ownerEmail || null,
    }
    const row: FeedRow = {
      id: crypto.randomUUID(),
      slug: req.slug,
      user_id: user.id,
      entity_type: entityType,
      entity_id: entityId,
      server_address: req.serverAddress.replace(/\/+$/, ''),
      meta: JSON.stringify(meta),
      created_at: now,
      updated_at: now,
    }
    try {
      await this.repo.insert(row)
    } catch (err) {
      // Two opens at once: the unique indexes decide.
      if (/UNIQUE/i.test(String(err))) throw badRequest(`Slug "${req.slug}" already in use`)
      throw err
    }
    const minified = await this.minifiedOf(row)
    this.realtime.toAdmins('rss_feed_open', minified)
    return minified
  }

  async close(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound(FEED_NOT_FOUND)
    this.closures.flush()
  }

  /** GET /api/feeds: every open feed with its channel and episodes as they are now. */
  async list(): Promise<Feed[]> {
    const out: Feed[] = []
    for (const row of await this.repo.all()) {
      const owner = await this.users.get(row.user_id)
      const doc = owner ? await this.source.build(row, owner) : null
      out.push(this.fullJson(row, doc))
    }
    return out
  }

  // ---- public reads -----------------------------------------------------------------------------

  /** The document of an open feed (cached until its content or its owner changes), or 404. */
  async answer(slug: string): Promise<FeedAnswer> {
    const row = await this.repo.bySlug(slug)
    if (!row) throw notFound(FEED_NOT_FOUND)
    const stamp = `${row.updated_at}|${this.stamps.stampFor(row.user_id)}`
    const cached = this.answers.get(row.id)
    if (cached?.stamp === stamp) return cached.answer
    const doc = await this.docOf(row)
    const xml = feedXml(doc)
    const answer: FeedAnswer = {
      xml,
      etag: `"${crypto.createHash('sha256').update(xml).digest('base64url').slice(0, 32)}"`,
      lastModifiedMs: doc.lastModifiedMs,
      preventIndexing: doc.preventIndexing,
    }
    this.answers.set(row.id, { stamp, answer })
    return answer
  }

  async enclosure(slug: string, entryId: string): Promise<FeedFile> {
    const row = await this.repo.bySlug(slug)
    const owner = row ? await this.users.get(row.user_id) : null
    const file = row && owner ? await this.source.enclosureFile(row, owner, entryId) : null
    if (!file) throw notFound('Not found')
    return file
  }

  /** The cover of the feed's item (or its first book with one), served as the item cover is. */
  async cover(slug: string): Promise<ServableFile> {
    const row = await this.repo.bySlug(slug)
    if (!row) throw notFound(FEED_NOT_FOUND)
    const owner = await this.users.get(row.user_id)
    const itemId = owner ? await this.source.coverItemId(row, owner) : null
    const cover = itemId ? await this.items.cover(itemId, { raw: true, format: 'jpeg' }) : null
    if (cover?.kind !== 'raw') throw notFound('Cover not found')
    return cover.file
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private async docOf(row: FeedRow): Promise<FeedDocument> {
    const owner = await this.users.get(row.user_id)
    const doc = owner ? await this.source.build(row, owner) : null
    if (!doc) throw notFound(FEED_NOT_FOUND)
    return doc
  }

  private notFoundMessage(type: FeedEntityType) {
    return type === 'item'
      ? 'Item not found'
      : type === 'collection'
        ? 'Collection not found'
        : 'Series not found'
  }

  /** 404 unless the entity exists in a library the admin may open (items: and they may see it). */
  private async checkEntityVisible(user: UserRecord, type: FeedEntityType, id: string) {
    if (type === 'item') {
      if ((await this.items.filterVisible(user, [id])).length === 0)
        throw notFound(this.notFoundMessage(type))
      return
    }
    const entity = type === 'collection' ? await this.repo.collection(id) : await this.repo.series(id)
    if (!entity || !canAccessLibrary(user, entity.library_id)) throw notFound(this.notFoundMessage(type))
  }

  private async minifiedOf(row: FeedRow): Promise<FeedMinified> {
    const undated =
      row.entity_type === 'item' ? await this.repo.withUndatedEpisodes([row.entity_id]) : new Set()
    return toFeedMinified(row, { hasEpisodesWithoutPubDate: undated.has(row.entity_id) })
  }

  private fullJson(row: FeedRow, doc: FeedDocument | null): Feed {
    const minified = toFeedMinified(row, {
      title: doc?.title,
      description: doc ? doc.description : undefined,
      hasEpisodesWithoutPubDate: doc?.hasEpisodesWithoutPubDate ?? false,
    })
    return {
      ...minified,
      userId: row.user_id,
      serverAddress: row.server_address,
      coverPath: doc?.coverItemId ? doc.imageUrl : null,
      meta: {
        ...minified.meta,
        author: doc?.author ?? null,
        imageUrl: doc?.imageUrl ?? `${feedUrlOf(row)}/cover.jpg`,
        feedUrl: feedUrlOf(row),
        link: doc?.link ?? feedUrlOf(row),
        explicit: doc?.explicit ?? false,
        type: doc?.type ?? 'serial',
        language: doc?.language ?? null,
      },
      episodes: (doc?.episodes ?? []).map((e) => ({
        id: e.id,
        title: e.title,
        enclosure: e.enclosure,
        pubDate: e.pubDateMs === null ? null : new Date(e.pubDateMs).toUTCString(),
        duration: e.duration,
        libraryItemId: e.libraryItemId,
        episodeId: e.episodeId,
        trackIndex: e.trackIndex,
      })),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  }
}
