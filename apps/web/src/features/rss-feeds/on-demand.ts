// What the app loads on demand: the RSS feed modal and the admin page of open feeds.
export { RssFeedModal } from './components/RssFeedModal.tsx'
export { RssFeedsPage } from './components/RssFeedsPage.tsx'
