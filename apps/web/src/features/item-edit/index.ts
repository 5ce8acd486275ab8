// What other features use statically; the modals load on demand from on-demand.ts.
export { useCoverProviders } from './api.ts'
