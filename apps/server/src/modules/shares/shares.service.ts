import crypto from 'node:crypto'
import { messages, slugProblem, type CreateShareRequest, type MediaItemShare } from '@shelfcast/contracts'
import type { z } from 'zod'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { OpenStreams } from './open-streams.ts'
import { toShareJson } from './share-json.ts'
import type { SharesRepository, ShareRow } from './shares.repository.ts'

type CreateInput = z.output<typeof CreateShareRequest>

/** setTimeout's largest delay (about 24.8 days); a later expiry is reached by waking up again. */
const MAX_TIMER_MS = 2 ** 31 - 1
const SHARE_NOT_FOUND = 'Share not found'

/**
 * Share links of books: create and delete (admins), the live share of a slug for the public routes, and
 * expiry: a timer for the nearest expiresAt marks shares expired and cuts their open streams, and every
 * public request checks the time again, so an expired or deleted share answers 404 at once.
 */
export class SharesService {
  readonly streams = new OpenStreams()
  private readonly repo: SharesRepository
  private readonly items: ItemsService
  private readonly clock: Clock
  private readonly log: Logger
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(deps: { repo: SharesRepository; items: ItemsService; clock: Clock; log: Logger }) {
    this.repo = deps.repo
    this.items = deps.items
    this.clock = deps.clock
    this.log = deps.log
  }

  /** Marks the shares that expired while the server was down, and waits for the next expiry. */
  async start(): Promise<void> {
    await this.sweep()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /** POST /api/share/mediaitem: the caller must see the book; one live share per book, slugs unique. */
  async create(user: UserRecord, body: CreateInput): Promise<MediaItemShare> {
    const [visible] = await this.items.filterVisible(user, [body.mediaItemId])
    const [item] = visible ? await this.items.minified([visible]) : []
    if (!item || item.mediaType !== 'book') throw notFound('Library item not found')
    const now = this.clock()
    const expiresAt = body.expiresAt ? body.expiresAt : null
    if (expiresAt !== null && expiresAt <= now) throw badRequest(messages.shareExpiryPast)
    for (const id of await this.repo.deleteExpiredOf(item.id, body.slug, now)) this.streams.cut(id)
    if (await this.repo.bySlug(body.slug)) throw conflict(messages.shareSlugTaken)
    if ((await this.repo.ofItems([item.id])).length > 0) throw conflict(messages.itemAlreadyShared)
    const row: ShareRow = {
      id: crypto.randomUUID(),
      slug: body.slug,
      media_item_id: item.id,
      media_item_type: 'book',
      user_id: user.id,
      expires_at: expiresAt,
      is_expired: 0,
      is_downloadable: body.isDownloadable ? 1 : 0,
      created_at: now,
      updated_at: now,
    }
    try {
      await this.repo.insert(row)
    } catch (err) {
      // Two creations racing for one slug: the unique index decides.
      if (err instanceof Error && /UNIQUE/.test(err.message)) throw conflict(messages.shareSlugTaken)
      throw err
    }
    if (expiresAt !== null) await this.schedule()
    return toShareJson(row)
  }

  /** DELETE /api/share/mediaitem/:id: its page, tracks and downloads stop at once. */
  async remove(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound(SHARE_NOT_FOUND)
    this.streams.cut(id)
    await this.schedule()
  }

  /** include=share: each item's share (an expired one too: the share modal shows it as Expired). */
  async sharesOf(itemIds: readonly string[]): Promise<Map<string, MediaItemShare>> {
    const rows = await this.repo.ofItems(itemIds)
    return new Map(rows.map((r) => [r.media_item_id, toShareJson(r)]))
  }

  /** The share a public request names, unless it is unknown, expired or not a slug at all: 404 then. */
  async live(slug: string): Promise<ShareRow> {
    if (slugProblem(slug)) throw notFound(SHARE_NOT_FOUND)
    const row = await this.repo.bySlug(slug)
    if (!row || row.is_expired === 1) throw notFound(SHARE_NOT_FOUND)
    if (row.expires_at !== null && row.expires_at <= this.clock()) {
      // Past its time before the timer fired (or with a clock moved by tests): expire it now.
      await this.sweep()
      throw notFound(SHARE_NOT_FOUND)
    }
    return row
  }

  /** Marks every share past its time expired, cuts their streams, and sets the timer for the next one. */
  async sweep(): Promise<void> {
    for (const id of await this.repo.markExpired(this.clock())) this.streams.cut(id)
    await this.schedule()
  }

  private async schedule(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.stopped) return
    const next = await this.repo.nextExpiry()
    if (next === null) return
    const delay = Math.min(Math.max(next - this.clock(), 0), MAX_TIMER_MS)
    this.timer = setTimeout(() => {
      this.timer = null
      this.sweep().catch((err: unknown) => this.log.warn({ err }, 'share expiry sweep failed'))
    }, delay)
    this.timer.unref()
  }
}
