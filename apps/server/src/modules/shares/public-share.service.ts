import type { Book, PublicSharePage } from '@shelfcast/contracts'
import { regularFileInside } from '../../files/contained-path.ts'
import { notFound } from '../../http/errors.ts'
import type { Clock } from '../../clock.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { hashSessionId } from './share-session-cookie.ts'
import { toShareJson } from './share-json.ts'
import type { ShareRow, SharesRepository } from './shares.repository.ts'

/** The shared book as the public routes need it: its media and the folder (or file) its tracks lie in. */
interface SharedBook {
  media: Book
  root: string
}

/**
 * What anonymous visitors of a share get: the page data (a lean playback session, nothing of paths, users or
 * tokens), the files of the book's tracks, and the visitor's saved position per share session.
 */
export class PublicShareService {
  private readonly repo: SharesRepository
  private readonly items: ItemsService
  private readonly clock: Clock

  constructor(deps: { repo: SharesRepository; items: ItemsService; clock: Clock }) {
    this.repo = deps.repo
    this.items = deps.items
    this.clock = deps.clock
  }

  private async book(share: ShareRow): Promise<SharedBook> {
    const [item] = await this.items.expanded([share.media_item_id])
    if (!item || item.mediaType !== 'book') throw notFound('Share not found')
    return { media: item.media, root: item.path }
  }

  /** GET /public/share/:slug: the share and the visitor's session, starting at `t` or where they left off. */
  async page(share: ShareRow, sessionId: string, t: number | undefined): Promise<PublicSharePage> {
    const { media } = await this.book(share)
    // Without ROUTER_BASE_PATH, like the track URLs of playback sessions: clients put their server address first.
    const url = `/public/share/${encodeURIComponent(share.slug)}`
    const tracks = media.tracks
    const duration = media.duration || tracks.reduce((sum, track) => sum + track.duration, 0)
    const idHash = hashSessionId(sessionId)
    const saved = await this.repo.sessionTime(idHash, share.id)
    const startTime = clampTime(t ?? saved ?? 0, duration)
    if (saved === null || t !== undefined)
      await this.repo.saveSessionTime(idHash, share.id, startTime, this.clock())
    const displayTitle = media.metadata.title ?? 'No Title'
    return {
      ...toShareJson(share),
      playbackSession: {
        displayTitle,
        displayAuthor: media.metadata.authorName,
        coverUrl: media.coverPath ? `${url}/cover` : null,
        duration,
        chapters: media.chapters,
        audioTracks: tracks.map((track) => ({
          index: track.index,
          startOffset: track.startOffset,
          duration: track.duration,
          // Not the file's name: the page shows the book, and file names say nothing a visitor needs.
          title: tracks.length > 1 ? `${displayTitle} (${track.index}/${tracks.length})` : displayTitle,
          contentUrl: `${url}/track/${track.index}`,
          mimeType: track.mimeType,
        })),
        startTime,
        currentTime: startTime,
      },
    }
  }

  /** A track's file by its 1-based index, resolved inside the book: never a file outside it. */
  async trackFile(share: ShareRow, indexText: string) {
    if (!/^\d{1,5}$/.test(indexText)) throw notFound('Track not found')
    const { media, root } = await this.book(share)
    const track = media.tracks.find((tr) => tr.index === Number(indexText))
    const file = track ? await regularFileInside(track.metadata.path, [root]) : null
    if (!track || !file) throw notFound('Track not found')
    return { ...file, contentType: track.mimeType }
  }

  /** PATCH /public/share/:slug/progress: kept per share session, clamped to the book's duration. */
  async saveProgress(share: ShareRow, sessionId: string, currentTime: number): Promise<void> {
    const { media } = await this.book(share)
    const duration = media.duration || media.tracks.reduce((sum, track) => sum + track.duration, 0)
    await this.repo.saveSessionTime(
      hashSessionId(sessionId),
      share.id,
      clampTime(currentTime, duration),
      this.clock(),
    )
  }
}

const clampTime = (time: number, duration: number) =>
  Number.isFinite(time) ? Math.min(Math.max(time, 0), Math.max(duration, 0)) : 0
