export { ListeningStatsPage } from './components/ListeningStatsPage.tsx'
export { listeningSummary } from './model/listening-summary.ts'
