export { useUpdateServerSettings } from './api.ts'
