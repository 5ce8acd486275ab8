export { LatestEpisodesPage } from './components/LatestEpisodesPage.tsx'
export { registerPodcastSocketHandlers } from './socket-handlers.ts'
export { useCheckNewEpisodes, useMatchEpisodes } from './downloads-api.ts'
