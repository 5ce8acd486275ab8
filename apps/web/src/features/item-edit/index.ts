export { ItemDeletePrompt } from './components/ItemDeletePrompt.tsx'
export { ItemEditModal } from './components/ItemEditModal.tsx'
