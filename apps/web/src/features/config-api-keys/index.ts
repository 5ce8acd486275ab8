export { ConfigApiKeysPage } from './components/ConfigApiKeysPage.tsx'
