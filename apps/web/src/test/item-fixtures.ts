import type { MediaProgress } from '@shelfcast/contracts'

/** The fields every form of an item starts with, for an item at `/media/{id}` of `libraryId`, never scanned. */
export function itemHeadFixture(id: string, libraryId: string) {
  return {
    id,
    ino: null,
    libraryId,
    folderId: 'f',
    path: `/media/${id}`,
    relPath: id,
    isFile: false,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
    addedAt: 0,
    updatedAt: 1,
    oldLibraryItemId: null,
    lastScan: null,
    scanVersion: null,
    isMissing: false,
    isInvalid: false,
  }
}

/** The root user's progress record of a book (`episodeId` null) or an episode, half way through by default. */
export function progressFixture(
  libraryItemId: string,
  episodeId: string | null,
  over: Partial<MediaProgress> = {},
): MediaProgress {
  return {
    id: `mp-${episodeId ?? libraryItemId}`,
    userId: 'user-root',
    libraryItemId,
    episodeId,
    mediaItemId: episodeId ?? `${libraryItemId}-book`,
    mediaItemType: episodeId ? 'podcastEpisode' : 'book',
    duration: 1800,
    progress: 0,
    currentTime: 0,
    isFinished: false,
    hideFromContinueListening: false,
    ebookLocation: null,
    ebookProgress: null,
    lastUpdate: 1,
    startedAt: 1,
    finishedAt: null,
    ...over,
  }
}
