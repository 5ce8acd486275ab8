// What the app loads on demand (lazy routes and modals): kept out of index.ts, which the first load
// imports, so these stay in their own chunks.
export { AuthorPage } from './components/AuthorPage.tsx'
export { AuthorsTab } from './components/AuthorsTab.tsx'
export { BookshelfPage } from './components/BookshelfPage.tsx'
export { BookshelfLayout } from './components/BookshelfLayout.tsx'
export { VirtualPagedGrid } from './components/VirtualPagedGrid.tsx'
export { LibraryFilesTable, TracksTable } from './components/ItemTables.tsx'
export { ItemPage } from './components/ItemPage.tsx'
export { NarratorsPage } from './components/NarratorsPage.tsx'
export { SeriesPage } from './components/SeriesPage.tsx'
export { SeriesTab } from './components/SeriesTab.tsx'
// The edit modal's files tab shares the item page's per-file menu.
export { useFileRights, useItemFileMenu } from './components/ItemFileActions.tsx'
