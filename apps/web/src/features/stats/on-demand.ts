/** The stats page, fetched when it opens (the sessions pages use only the summary model). */
export { ListeningStatsPage } from './components/ListeningStatsPage.tsx'
