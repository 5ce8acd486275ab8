// What the app loads on demand (lazy routes and modals): kept out of index.ts, which the first load
// imports, so these stay in their own chunks.
export { SearchPage } from './components/SearchPage.tsx'
