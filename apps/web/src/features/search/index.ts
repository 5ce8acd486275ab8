export { GlobalSearch } from './components/GlobalSearch.tsx'
