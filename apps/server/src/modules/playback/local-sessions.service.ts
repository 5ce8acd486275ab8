import crypto from 'node:crypto'
import {
  LocalSessionInput,
  type LocalSessionResult,
  type MediaProgress,
  type UserItemProgressUpdated,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { toProgressJson } from '../library-items/progress-json.ts'
import type { UserRecord } from '../users/users.model.ts'
import { localDate } from './playback.service.ts'
import type { PlaybackRepository } from './playback.repository.ts'
import { mergeProgress } from './progress-rules.ts'

/** Play method of a session played on the device itself (spec enumeration: LOCAL 3). */
const PLAY_METHOD_LOCAL = 3

/**
 * Sessions mobile apps played offline, sent once they are back: each one is kept in the listening
 * history (created, or updated when sent again), and moves the user's progress only when it is newer
 * than what the server has, so an old offline session never winds back a position heard since.
 */
export class LocalSessionsService {
  private readonly deps: { repo: PlaybackRepository; realtime: Realtime; clock: Clock }
  constructor(deps: LocalSessionsService['deps']) {
    this.deps = deps
  }

  /** POST /api/session/local-all: every session answered on its own; one bad session fails only itself. */
  async syncAll(user: UserRecord, sessions: readonly unknown[]): Promise<LocalSessionResult[]> {
    const out: LocalSessionResult[] = []
    for (const raw of sessions) {
      const parsed = LocalSessionInput.safeParse(raw)
      const id =
        typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id.slice(0, 100) : ''
      if (!parsed.success) {
        out.push({ id, success: false, progressSynced: false, error: 'Invalid session' })
        continue
      }
      try {
        out.push(await this.sync(user, parsed.data))
      } catch (err) {
        out.push({
          id,
          success: false,
          progressSynced: false,
          error: err instanceof Error ? err.message : 'Failed',
        })
      }
    }
    return out
  }

  async sync(user: UserRecord, s: LocalSessionInput): Promise<LocalSessionResult> {
    const { repo, clock } = this.deps
    const episodeId = s.episodeId ?? ''
    const item = (await repo.visibleItems(user, [s.libraryItemId])).get(s.libraryItemId)
    if (!item) throw badRequest('Item not found')
    if (episodeId && (await repo.episodeOwners([episodeId])).get(episodeId) !== item.id)
      throw badRequest('Episode not found')
    const existing = await repo.sessionById(s.id)
    if (existing && existing.user_id !== user.id) throw badRequest('Session belongs to another user')
    const now = clock()
    const startedAt = s.startedAt ?? s.updatedAt
    const { date, dayOfWeek } = localDate(startedAt)
    if (existing) {
      await repo.updateLocalSession(s.id, {
        time_listening: s.timeListening ?? existing.time_listening,
        current_time: s.currentTime,
        updated_at: s.updatedAt,
      })
    } else {
      repo.insertSession({
        id: s.id,
        user_id: user.id,
        library_id: item.library_id,
        library_item_id: item.id,
        episode_id: episodeId,
        media_type: item.media_type,
        display_title: s.displayTitle ?? '',
        display_author: s.displayAuthor ?? '',
        cover_path: null,
        duration: s.duration ?? 0,
        media_metadata: '{}',
        chapters: '[]',
        play_method: PLAY_METHOD_LOCAL,
        media_player: 'local',
        device_info: JSON.stringify(s.deviceInfo ?? {}),
        time_listening: s.timeListening ?? 0,
        start_time: s.startTime ?? 0,
        current_time: s.currentTime,
        date,
        day_of_week: dayOfWeek,
        started_at: startedAt,
        updated_at: s.updatedAt,
        closed_at: s.updatedAt,
      })
    }
    // Newer than the server's progress (or none yet): the offline position wins; otherwise it is history only.
    const current = repo.progress(user.id, item.id, episodeId)
    if (current && current.last_update >= s.updatedAt)
      return { id: s.id, success: true, progressSynced: false }
    const [row] = repo.saveProgress(
      [{ id: crypto.randomUUID(), userId: user.id, itemId: item.id, episodeId }],
      (prev) => ({
        ...mergeProgress(
          prev,
          { currentTime: s.currentTime, duration: s.duration },
          now,
          repo.finishRule(item.library_id),
        ),
        last_update: s.updatedAt,
      }),
    )
    if (row) {
      const data: MediaProgress = toProgressJson(row, item.media_id)
      const payload: UserItemProgressUpdated = { id: data.id, sessionId: s.id, deviceDescription: null, data }
      this.deps.realtime.toUser(user.id, 'user_item_progress_updated', payload)
    }
    return { id: s.id, success: true, progressSynced: true }
  }
}
