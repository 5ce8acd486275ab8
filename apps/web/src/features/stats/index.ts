export { listeningSummary } from './model/listening-summary.ts'
