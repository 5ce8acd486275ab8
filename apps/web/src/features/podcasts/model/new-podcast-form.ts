import type {
  CreatePodcastRequest,
  FeedEpisode,
  FeedPodcastMetadata,
  Library,
  PodcastFeed,
  PodcastSearchResult,
} from '@shelfcast/contracts'
import { sanitizeFolderName } from './new-podcast-filename.ts'

/** A feed shown in the new podcast modal, and the directory entry it came from (none for a typed URL). */
export interface FeedPreview {
  feedUrl: string
  feed: PodcastFeed
  result: PodcastSearchResult | null
}

/** What the new podcast modal lets the admin change before subscribing. */
export interface NewPodcastForm {
  title: string
  author: string
  folderId: string
  autoDownloadEpisodes: boolean
  /** How many of the newest episodes to download at once; 0 downloads none. */
  downloadNewest: number
}

/**
 * The feed's metadata with the gaps filled from the directory entry (iTunes ids and page, cover, genres,
 * author) and the URL it was read from: the feed is the better source, the directory knows its ids.
 */
export function previewMetadata(preview: FeedPreview): FeedPodcastMetadata {
  const { metadata } = preview.feed
  const result = preview.result
  return {
    ...metadata,
    feedUrl: metadata.feedUrl || preview.feedUrl,
    author: metadata.author || result?.artistName || null,
    imageUrl: metadata.imageUrl || result?.cover || null,
    genres: metadata.genres.length ? metadata.genres : (result?.genres ?? []),
    itunesId: metadata.itunesId || (result ? String(result.id) : null),
    itunesArtistId: metadata.itunesArtistId || (result?.artistId != null ? String(result.artistId) : null),
    itunesPageUrl: metadata.itunesPageUrl || result?.pageUrl || null,
    explicit: metadata.explicit || (result?.explicit ?? false),
  }
}

export function initialNewPodcastForm(
  preview: FeedPreview,
  library: Pick<Library, 'folders'>,
): NewPodcastForm {
  const metadata = previewMetadata(preview)
  return {
    title: metadata.title,
    author: metadata.author ?? '',
    folderId: library.folders[0]?.id ?? '',
    autoDownloadEpisodes: false,
    downloadNewest: 0,
  }
}

/** The feed's episodes, newest first (undated ones last, in feed order). */
export function newestEpisodes(episodes: readonly FeedEpisode[], count: number): FeedEpisode[] {
  if (count <= 0) return []
  return episodes
    .map((episode, index) => ({ episode, index }))
    .sort(
      (a, b) =>
        (b.episode.publishedAt ?? -Infinity) - (a.episode.publishedAt ?? -Infinity) || a.index - b.index,
    )
    .slice(0, count)
    .map(({ episode }) => episode)
}

/** The podcast's folder: the library folder and the sanitised title, with the folder's own separator. */
export function podcastFolderPath(folderFullPath: string, title: string): string {
  const separator = folderFullPath.includes('\\') && !folderFullPath.includes('/') ? '\\' : '/'
  const base = folderFullPath.replace(/[\\/]+$/, '')
  return `${base}${separator}${sanitizeFolderName(title)}`
}

export type CreatePodcastCheck =
  | { ok: true; body: CreatePodcastRequest }
  | {
      ok: false
      errorKey: 'ToastTitleRequired' | 'ToastPodcastTitleNoFolderName' | 'ToastPodcastChooseFolder'
    }

/** The POST /api/podcasts body for the form, or why it cannot be sent (checked before any request). */
export function createPodcastRequest(
  preview: FeedPreview,
  form: NewPodcastForm,
  library: Pick<Library, 'id' | 'folders'>,
): CreatePodcastCheck {
  const title = form.title.trim()
  if (!title) return { ok: false, errorKey: 'ToastTitleRequired' }
  if (!sanitizeFolderName(title)) return { ok: false, errorKey: 'ToastPodcastTitleNoFolderName' }
  const folder = library.folders.find((f) => f.id === form.folderId)
  if (!folder) return { ok: false, errorKey: 'ToastPodcastChooseFolder' }
  const episodesToDownload = newestEpisodes(preview.feed.episodes, form.downloadNewest)
  return {
    ok: true,
    body: {
      libraryId: library.id,
      folderId: folder.id,
      path: podcastFolderPath(folder.fullPath, title),
      media: {
        metadata: { ...previewMetadata(preview), title, author: form.author.trim() || null },
        autoDownloadEpisodes: form.autoDownloadEpisodes,
      },
      ...(episodesToDownload.length ? { episodesToDownload } : {}),
    },
  }
}
