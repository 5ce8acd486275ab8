import crypto from 'node:crypto'
import type {
  BatchProgressUpdate,
  Bookmark,
  BookmarkRequest,
  MediaProgress,
  ProgressUpdate,
  User,
  UserItemProgressUpdated,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { toProgressJson } from '../library-items/progress-json.ts'
import { toUserJson, type UserRecord } from '../users/users.model.ts'
import type { BookmarkRow, PlaybackRepository, ProgressRow, VisibleItem } from './playback.repository.ts'
import { mergeProgress } from './progress-rules.ts'

const ITEM_NOT_FOUND = 'Item not found'

const bookmarkJson = (b: BookmarkRow): Bookmark => ({
  libraryItemId: b.library_item_id,
  title: b.title,
  time: b.time,
  createdAt: b.created_at,
})

/**
 * Media progress and bookmarks of the current user. Every item id (and episode id) in a request is
 * checked against the caller's visibility first; what they may not see answers 404 like a missing item.
 */
export class ProgressService {
  private readonly repo: PlaybackRepository
  private readonly realtime: Realtime
  private readonly clock: Clock
  constructor(deps: { repo: PlaybackRepository; realtime: Realtime; clock: Clock }) {
    this.repo = deps.repo
    this.realtime = deps.realtime
    this.clock = deps.clock
  }

  private async visibleItem(
    user: UserRecord,
    itemId: string,
    episodeId?: string | null,
  ): Promise<VisibleItem> {
    const item = (await this.repo.visibleItems(user, [itemId])).get(itemId)
    if (!item) throw notFound(ITEM_NOT_FOUND)
    if (episodeId) {
      const owner = (await this.repo.episodeOwners([episodeId])).get(episodeId)
      if (owner !== item.id) throw notFound('Episode not found')
    }
    return item
  }

  private json(row: ProgressRow, item: Pick<VisibleItem, 'media_id'>): MediaProgress {
    return toProgressJson(row, item.media_id)
  }

  private emit(user: UserRecord, progress: MediaProgress) {
    const payload: UserItemProgressUpdated = {
      id: progress.id,
      sessionId: null,
      deviceDescription: null,
      data: progress,
    }
    this.realtime.toUser(user.id, 'user_item_progress_updated', payload)
  }

  /** What the user JSON carries of playback: progress on items the user may still see, and bookmarks. */
  /** The user's started, unfinished progress on items they may see, last updated first. */
  async inProgress(user: UserRecord): Promise<ProgressRow[]> {
    const started = (await this.repo.allProgress(user.id)).filter(
      (p) => p.is_finished !== 1 && (p.current_time > 0 || (p.ebook_progress ?? 0) > 0),
    )
    const visible = await this.repo.visibleItems(
      user,
      started.map((p) => p.library_item_id),
    )
    return started.filter((p) => visible.has(p.library_item_id))
  }

  async userExtras(user: UserRecord): Promise<{ mediaProgress: MediaProgress[]; bookmarks: Bookmark[] }> {
    const [progress, bookmarks] = await Promise.all([
      this.repo.allProgress(user.id),
      this.repo.bookmarks(user.id),
    ])
    const visible = await this.repo.visibleItems(user, [
      ...progress.map((p) => p.library_item_id),
      ...bookmarks.map((b) => b.library_item_id),
    ])
    return {
      mediaProgress: progress
        .filter((p) => visible.has(p.library_item_id))
        .map((p) => toProgressJson(p, p.media_id)),
      bookmarks: bookmarks.filter((b) => visible.has(b.library_item_id)).map(bookmarkJson),
    }
  }

  async userJson(user: UserRecord): Promise<User> {
    return { ...toUserJson(user), ...(await this.userExtras(user)) }
  }

  async get(user: UserRecord, itemId: string, episodeId?: string): Promise<MediaProgress> {
    const item = await this.visibleItem(user, itemId, episodeId)
    const row = this.repo.progress(user.id, item.id, episodeId ?? '')
    if (!row) throw notFound('Progress not found')
    return this.json(row, item)
  }

  async update(
    user: UserRecord,
    itemId: string,
    episodeId: string | undefined,
    body: ProgressUpdate,
  ): Promise<MediaProgress> {
    const item = await this.visibleItem(user, itemId, episodeId)
    const now = this.clock()
    const [row] = this.repo.saveProgress(
      [{ id: crypto.randomUUID(), userId: user.id, itemId: item.id, episodeId: episodeId ?? '' }],
      (existing) => mergeProgress(existing, body, now, this.repo.finishRule(item.library_id)),
    )
    const json = this.json(row as ProgressRow, item)
    this.emit(user, json)
    return json
  }

  /** All or nothing: one id the caller may not see (or a stray episode) rejects the whole batch. */
  async batchUpdate(user: UserRecord, list: BatchProgressUpdate): Promise<MediaProgress[]> {
    const visible = await this.repo.visibleItems(
      user,
      list.map((u) => u.libraryItemId),
    )
    const owners = await this.repo.episodeOwners(list.map((u) => u.episodeId ?? '').filter(Boolean))
    for (const u of list) {
      if (!visible.has(u.libraryItemId)) throw notFound(ITEM_NOT_FOUND)
      if (u.episodeId && owners.get(u.episodeId) !== u.libraryItemId) throw notFound('Episode not found')
    }
    const now = this.clock()
    const rows = this.repo.saveProgress(
      list.map((u) => ({
        id: crypto.randomUUID(),
        userId: user.id,
        itemId: u.libraryItemId,
        episodeId: u.episodeId ?? '',
      })),
      (existing, i) =>
        mergeProgress(
          existing,
          list[i] as ProgressUpdate,
          now,
          this.repo.finishRule((visible.get(list[i]?.libraryItemId ?? '') as VisibleItem).library_id),
        ),
    )
    const out = rows.map((r) => this.json(r, visible.get(r.library_item_id) as VisibleItem))
    for (const p of out) this.emit(user, p)
    return out
  }

  async remove(user: UserRecord, progressId: string): Promise<void> {
    if (!(await this.repo.deleteProgress(user.id, progressId))) throw notFound('Progress not found')
    this.realtime.toUser(user.id, 'user_updated', await this.userJson(user))
  }

  /** Hides an item from Continue Listening (by progress id, as Audiobookshelf does). */
  async hideFromContinueListening(user: UserRecord, progressId: string): Promise<User> {
    const row = await this.repo.progressById(user.id, progressId)
    if (!row) throw notFound('Progress not found')
    const now = this.clock()
    this.repo.saveProgress(
      [{ id: row.id, userId: user.id, itemId: row.library_item_id, episodeId: row.episode_id }],
      (existing) => mergeProgress(existing, { hideFromContinueListening: true }, now),
    )
    const json = await this.userJson(user)
    this.realtime.toUser(user.id, 'user_updated', json)
    return json
  }

  // ---- bookmarks ---------------------------------------------------------------------------------

  async bookmarks(user: UserRecord, itemId?: string): Promise<Bookmark[]> {
    if (itemId) await this.visibleItem(user, itemId)
    const rows = await this.repo.bookmarks(user.id, itemId)
    if (itemId) return rows.map(bookmarkJson)
    const visible = await this.repo.visibleItems(
      user,
      rows.map((r) => r.library_item_id),
    )
    return rows.filter((r) => visible.has(r.library_item_id)).map(bookmarkJson)
  }

  async createBookmark(user: UserRecord, itemId: string, body: BookmarkRequest): Promise<Bookmark> {
    const item = await this.visibleItem(user, itemId)
    const row: BookmarkRow = {
      user_id: user.id,
      library_item_id: item.id,
      time: body.time,
      title: body.title.trim(),
      created_at: this.clock(),
    }
    await this.repo.upsertBookmark(row)
    await this.userUpdated(user)
    return bookmarkJson(row)
  }

  async renameBookmark(user: UserRecord, itemId: string, body: BookmarkRequest): Promise<Bookmark> {
    const item = await this.visibleItem(user, itemId)
    const row = await this.repo.renameBookmark(user.id, item.id, body.time, body.title.trim())
    if (!row) throw notFound('Bookmark not found')
    await this.userUpdated(user)
    return bookmarkJson(row)
  }

  async deleteBookmark(user: UserRecord, itemId: string, time: number): Promise<void> {
    const item = await this.visibleItem(user, itemId)
    if (!(await this.repo.deleteBookmark(user.id, item.id, time))) throw notFound('Bookmark not found')
    await this.userUpdated(user)
  }

  private async userUpdated(user: UserRecord) {
    this.realtime.toUser(user.id, 'user_updated', await this.userJson(user))
  }
}
