// What the app loads on demand (lazy routes and modals): kept out of index.ts, which the first load
// imports, so these stay in their own chunks.
export { AddPodcastPage } from './components/AddPodcastPage.tsx'
export { DownloadQueuePage } from './components/DownloadQueuePage.tsx'
export { EpisodeModals } from './components/EpisodeModals.tsx'
export { FindEpisodesModal } from './components/FindEpisodesModal.tsx'
export { LatestEpisodesPage } from './components/LatestEpisodesPage.tsx'
