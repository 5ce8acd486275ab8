export { ListeningStatsPage } from './components/ListeningStatsPage.tsx'
