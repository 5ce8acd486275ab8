/** The stats pages, fetched when they open (the sessions pages use only the summary model). */
export { LibraryStatsPage } from './components/LibraryStatsPage.tsx'
export { ListeningStatsPage } from './components/ListeningStatsPage.tsx'
