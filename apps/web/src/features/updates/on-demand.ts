// What the app loads on demand: the changelog modal and the update check.
export { ChangelogModal } from './components/ChangelogModal.tsx'
export { UpdateNotifier } from './components/UpdateNotifier.tsx'
