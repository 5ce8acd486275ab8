export { SelectionBar } from './components/SelectionBar.tsx'
export { registerSelectionSocketHandlers } from './socket-handlers.ts'
