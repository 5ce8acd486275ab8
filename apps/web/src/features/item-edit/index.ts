export { ItemDeletePrompt } from './components/ItemDeletePrompt.tsx'
export { ItemEditModal } from './components/ItemEditModal.tsx'
export { useCoverProviders } from './api.ts'
