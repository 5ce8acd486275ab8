import path from 'node:path'
import { Chapter, type AudioFile } from '@shelfcast/contracts'
import { z } from 'zod'
import { defaultPodcastColumn, jsonColumn, PodcastColumn, stringArrayColumn } from '../../db/item-rows.ts'
import type { EpisodeRow } from '../../db/item-rows.ts'
import { regularFileInside } from '../../files/contained-path.ts'
import { episodeAudioFile, storedAudioFiles } from '../library-items/item-json.ts'
import type { UserRecord } from '../users/users.model.ts'
import { baseOf, feedUrlOf, storedMeta, type FeedDocument, type FeedEpisode } from './feed-model.ts'
import type { FeedItemRow, FeedRow, FeedsRepository } from './feeds.repository.ts'

const ChapterList = z.array(Chapter)
/** Books' files are spaced this far apart in pubDate so apps that sort by date keep the order. */
const BOOK_TRACK_SPACING_MS = 1000
const MAX_CATEGORIES = 10
const MAX_AUTHORS = 3

/** A file of a feed, ready for sendFile. */
export interface FeedFile {
  path: string
  size: number
  mtimeMs: number
  mimeType: string
}

/** A source as it stands now: its name, its items (visible to the owner) in feed order. */
interface LiveSource {
  title: string
  description: string | null
  link: string
  updatedAt: number
  items: FeedItemRow[]
}

/** A book's audio files in play order (excluded and broken ones dropped), as playback orders them. */
function playableTracks(item: Pick<FeedItemRow, 'audio_files'>): AudioFile[] {
  return storedAudioFiles(item.audio_files)
    .filter((f) => !f.exclude && !f.error)
    .sort((a, b) => a.index - b.index)
}

const isPlayableBook = (item: FeedItemRow) => item.media_type === 'book' && playableTracks(item).length > 0
const safeExt = (ext: string) => (/^\.[a-z0-9]{1,8}$/i.test(ext) ? ext.toLowerCase() : '')
const bookEntryId = (itemId: string, ino: string) => `${itemId}_${ino}`

function episodeDateMs(e: EpisodeRow): number | null {
  if (e.published_at !== null) return e.published_at
  const parsed = e.pub_date ? Date.parse(e.pub_date) : NaN
  return Number.isNaN(parsed) ? null : parsed
}

/**
 * Builds a feed from its entity as it is at request time, so the feed follows its source: a collection that
 * gains a book lists it, a deleted item is gone. Only what the feed's owner may see is ever listed or served.
 */
export class FeedSource {
  private readonly repo: FeedsRepository
  constructor(repo: FeedsRepository) {
    this.repo = repo
  }

  /** The entity with the items it lists (owner-visible, in order), or null when it is gone or hidden. */
  async live(row: Pick<FeedRow, 'entity_type' | 'entity_id' | 'server_address'>, owner: UserRecord) {
    const base = baseOf(row)
    if (row.entity_type === 'item') {
      const [item] = await this.repo.visibleItems(owner, [row.entity_id])
      if (!item) return null
      const live: LiveSource = {
        title: item.title,
        description: item.description,
        link: `${base}/item/${encodeURIComponent(item.id)}`,
        updatedAt: item.updated_at,
        items: [item],
      }
      return live
    }
    const entity =
      row.entity_type === 'collection'
        ? await this.repo.collection(row.entity_id)
        : await this.repo.series(row.entity_id)
    if (!entity) return null
    const ids =
      row.entity_type === 'collection'
        ? await this.repo.collectionBookIds(entity.id)
        : await this.repo.seriesBookIds(entity.id)
    const page = row.entity_type === 'collection' ? 'collection' : 'series'
    const live: LiveSource = {
      title: entity.name,
      description: entity.description,
      link: `${base}/library/${encodeURIComponent(entity.library_id)}/${page}/${encodeURIComponent(entity.id)}`,
      updatedAt: entity.updated_at,
      items: (await this.repo.visibleItems(owner, ids)).filter(isPlayableBook),
    }
    return live
  }

  /** Something a podcast app could play: a book's tracks, a podcast's episodes, a list's playable books. */
  async hasPlayable(live: LiveSource): Promise<boolean> {
    for (const item of live.items) {
      if (item.media_type === 'book' && playableTracks(item).length > 0) return true
      if (item.media_type === 'podcast') {
        const episodes = await this.repo.episodes(item.id)
        if (episodes.some((e) => episodeAudioFile(e.audio_file))) return true
      }
    }
    return false
  }

  /** The item whose cover the feed shows: the source's first (owner-visible) item with a cover. */
  async coverItemId(row: FeedRow, owner: UserRecord): Promise<string | null> {
    const live = await this.live(row, owner)
    return live?.items.find((i) => i.cover_path)?.id ?? null
  }

  /** The whole document, or null when the source is gone or the owner may no longer see it. */
  async build(row: FeedRow, owner: UserRecord): Promise<FeedDocument | null> {
    const live = await this.live(row, owner)
    if (!live) return null
    const meta = storedMeta(row)
    const feedBase = feedUrlOf(row)
    const first = live.items[0]
    const podcast = row.entity_type === 'item' && first?.media_type === 'podcast' ? first : null
    const podcastMeta = podcast ? jsonColumn(podcast.podcast, PodcastColumn, defaultPodcastColumn) : null
    const coverItem = live.items.find((i) => i.cover_path) ?? null
    const coverExt = coverItem?.cover_path ? safeExt(path.extname(coverItem.cover_path)) || '.jpg' : '.jpg'

    let episodes: FeedEpisode[]
    let lastModifiedMs = Math.max(row.updated_at, live.updatedAt)
    let undated = false
    if (podcast) {
      const rows = await this.repo.episodes(podcast.id)
      episodes = []
      for (const e of rows) {
        const file = episodeAudioFile(e.audio_file)
        if (!file) continue
        const pubDateMs = episodeDateMs(e)
        if (pubDateMs === null) undated = true
        lastModifiedMs = Math.max(lastModifiedMs, e.updated_at)
        episodes.push({
          id: e.id,
          guid: e.guid || `${podcast.id}_${e.id}`,
          title: e.title,
          description: e.description,
          pubDateMs,
          enclosure: {
            url: `${feedBase}/item/${encodeURIComponent(e.id)}/media${safeExt(file.metadata.ext)}`,
            type: file.mimeType,
            size: file.metadata.size,
          },
          duration: file.duration || e.duration,
          season: e.season || null,
          episode: e.episode || null,
          episodeType: e.episode_type || null,
          chapters: jsonColumn(e.chapters, ChapterList, []).map((c) => ({ start: c.start, title: c.title })),
          libraryItemId: podcast.id,
          episodeId: e.id,
          trackIndex: null,
        })
      }
      // Newest first, as feeds list them; undated episodes after the dated ones, in their own order.
      episodes = episodes
        .map((e, i) => ({ e, i }))
        .sort((a, b) => (b.e.pubDateMs ?? -Infinity) - (a.e.pubDateMs ?? -Infinity) || a.i - b.i)
        .map(({ e }) => e)
    } else {
      episodes = this.bookEpisodes(live.items, feedBase)
      for (const item of live.items) lastModifiedMs = Math.max(lastModifiedMs, item.updated_at)
    }

    const authors = [...new Set(live.items.map((i) => i.author_name).filter(Boolean))]
    const genres = [...new Set(live.items.flatMap((i) => stringArrayColumn(i.genres)))]
    return {
      title: live.title,
      description: live.description,
      author:
        podcastMeta?.author ||
        (authors.length
          ? authors.slice(0, MAX_AUTHORS).join(', ') + (authors.length > MAX_AUTHORS ? ' …' : '')
          : null),
      link: live.link,
      imageUrl: `${feedBase}/cover${coverExt}`,
      feedUrl: feedBase,
      categories: genres.slice(0, MAX_CATEGORIES),
      explicit: live.items.some((i) => i.explicit === 1),
      type: podcast ? (podcastMeta?.type ?? 'episodic') : 'serial',
      language: first?.language ?? null,
      preventIndexing: meta.preventIndexing,
      ownerName: meta.ownerName,
      ownerEmail: meta.ownerEmail,
      lastModifiedMs,
      coverItemId: coverItem?.id ?? null,
      episodes,
      hasEpisodesWithoutPubDate: undated,
    }
  }

  /** One entry per audio file of each book, in order, dated one step apart from the oldest book's addition. */
  private bookEpisodes(items: readonly FeedItemRow[], feedBase: string): FeedEpisode[] {
    const anchor = Math.min(...items.map((i) => i.added_at))
    const out: FeedEpisode[] = []
    items.forEach((item, bookIndex) => {
      const tracks = playableTracks(item)
      const chapters = jsonColumn(item.chapters, ChapterList, [])
      let offset = 0
      tracks.forEach((f, i) => {
        const id = bookEntryId(item.id, f.ino)
        const end = offset + f.duration
        out.push({
          id,
          guid: id,
          title: tracks.length === 1 ? item.title : `${item.title} (${i + 1}/${tracks.length})`,
          description: item.description,
          pubDateMs: anchor + out.length * BOOK_TRACK_SPACING_MS,
          enclosure: {
            url: `${feedBase}/item/${encodeURIComponent(id)}/media${safeExt(f.metadata.ext)}`,
            type: f.mimeType,
            size: f.metadata.size,
          },
          duration: f.duration,
          season: items.length > 1 ? String(bookIndex + 1) : null,
          episode: String(i + 1),
          episodeType: 'full',
          chapters: chapters
            .filter((c) => c.start >= offset && c.start < end)
            .map((c) => ({ start: c.start - offset, title: c.title })),
          libraryItemId: item.id,
          episodeId: null,
          trackIndex: i + 1,
        })
        offset = end
      })
    })
    return out
  }

  /**
   * The audio file behind one entry of this feed, or null: the entry must belong to the feed as the owner
   * sees it now, and the file must still be a regular file inside its item's folder.
   */
  async enclosureFile(row: FeedRow, owner: UserRecord, entryId: string): Promise<FeedFile | null> {
    if (row.entity_type === 'item') {
      const [item] = await this.repo.visibleItems(owner, [row.entity_id])
      if (!item) return null
      if (item.media_type === 'podcast') {
        const episode = await this.repo.episode(item.id, entryId)
        const file = episode ? episodeAudioFile(episode.audio_file) : null
        return file ? this.servable(item, file) : null
      }
    }
    const cut = entryId.lastIndexOf('_')
    if (cut <= 0) return null
    const itemId = entryId.slice(0, cut)
    const ino = entryId.slice(cut + 1)
    const members =
      row.entity_type === 'item'
        ? [row.entity_id]
        : row.entity_type === 'collection'
          ? await this.repo.collectionBookIds(row.entity_id)
          : await this.repo.seriesBookIds(row.entity_id)
    if (!members.includes(itemId)) return null
    const [item] = await this.repo.visibleItems(owner, [itemId])
    if (!item || item.media_type !== 'book') return null
    const file = playableTracks(item).find((f) => f.ino === ino)
    return file ? this.servable(item, file) : null
  }

  private async servable(item: FeedItemRow, file: AudioFile): Promise<FeedFile | null> {
    const found = await regularFileInside(file.metadata.path, [item.path])
    return found ? { ...found, mimeType: file.mimeType } : null
  }
}
