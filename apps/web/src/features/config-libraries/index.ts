export { ConfigLibrariesPage } from './components/ConfigLibrariesPage.tsx'
