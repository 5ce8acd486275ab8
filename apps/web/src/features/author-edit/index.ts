export { AuthorEditModal } from './components/AuthorEditModal.tsx'
