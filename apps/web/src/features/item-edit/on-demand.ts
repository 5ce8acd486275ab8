// Loaded on demand (app/OnDemandModals.tsx): the edit modal and the delete prompt. index.ts holds what other
// features import statically, so importing it never brings these in.
export { ItemDeletePrompt } from './components/ItemDeletePrompt.tsx'
export { ItemEditModal } from './components/ItemEditModal.tsx'
