// What the app loads on demand (lazy routes, and the narrators page's dialogs): kept out of any index.ts, which
// the first load imports, so these stay in their own chunks.
export { ItemMetadataUtilsPage } from './components/ItemMetadataUtilsPage.tsx'
export { GenresPage, TagsPage } from './components/MetaValuesPage.tsx'
export { MetaValueDialogs, type MetaValueAction } from './components/MetaValueDialogs.tsx'
export { useRemoveNarrator, useRenameNarrator } from './api.ts'
