export { TaskWidget } from './components/TaskWidget.tsx'
export { registerTaskSocketHandlers } from './socket-handlers.ts'
export { useTaskStore } from './store.ts'
export { useToolEventsStore } from './tool-events.ts'
