export { GlobalSearch } from './components/GlobalSearch.tsx'
export { SearchPage } from './components/SearchPage.tsx'
