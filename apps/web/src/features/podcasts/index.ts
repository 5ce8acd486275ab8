export { registerPodcastSocketHandlers } from './socket-handlers.ts'
export { useCheckNewEpisodes, useMatchEpisodes } from './downloads-api.ts'
