import type { MediaProgress } from '@shelfcast/contracts'
import type { ProgressRow } from './items.repository.ts'

/** A media_progress row as the API shows it. `mediaId` is the book's media id (books only). */
export function toProgressJson(row: ProgressRow, mediaId: string): MediaProgress {
  const isEpisode = row.episode_id !== ''
  return {
    id: row.id,
    userId: row.user_id,
    libraryItemId: row.library_item_id,
    episodeId: isEpisode ? row.episode_id : null,
    mediaItemId: isEpisode ? row.episode_id : mediaId,
    mediaItemType: isEpisode ? 'podcastEpisode' : 'book',
    duration: row.duration,
    progress: row.progress,
    currentTime: row.current_time,
    isFinished: row.is_finished === 1,
    hideFromContinueListening: row.hide_from_continue_listening === 1,
    ebookLocation: row.ebook_location,
    ebookProgress: row.ebook_progress ?? 0,
    lastUpdate: row.last_update,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }
}
