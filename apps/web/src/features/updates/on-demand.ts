// What the app loads on demand: the changelog modal.
export { ChangelogModal } from './components/ChangelogModal.tsx'
