// What the app loads on demand (lazy routes and modals): kept out of index.ts, which the first load
// imports, so these stay in their own chunks.
export { AddToListModals } from './components/AddToListModals.tsx'
export { CollectionPage } from './components/CollectionPage.tsx'
export { CollectionsTab, PlaylistsTab } from './components/NamedListsTabs.tsx'
export { PlaylistPage } from './components/PlaylistPage.tsx'
