export { AddPodcastPage } from './components/AddPodcastPage.tsx'
export { DownloadQueuePage } from './components/DownloadQueuePage.tsx'
export { LatestEpisodesPage } from './components/LatestEpisodesPage.tsx'
