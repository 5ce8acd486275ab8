/**
 * Query keys of the podcasts feature (shared by its pages; hooks live beside them in `*-api.ts` files).
 * The latest episodes sit under browse's ['browse', libraryId] so a library change refreshes them too.
 */
export const podcastKeys = {
  all: ['podcasts'] as const,
  downloadQueues: ['podcasts', 'download-queue'] as const,
  downloadQueue: (libraryId: string) => ['podcasts', 'download-queue', libraryId] as const,
  recentEpisodes: (libraryId: string) => ['browse', libraryId, 'recent-episodes'] as const,
  recentEpisodesPage: (libraryId: string, page: number) =>
    ['browse', libraryId, 'recent-episodes', page] as const,
  feed: (feedUrl: string) => ['podcasts', 'feed', feedUrl] as const,
  titles: (libraryId: string) => ['podcasts', 'titles', libraryId] as const,
}
