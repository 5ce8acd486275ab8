// Loaded on demand (app/on-demand-pages.ts): the manage page of the audio tools.
export { ManagePage } from './components/ManagePage.tsx'
