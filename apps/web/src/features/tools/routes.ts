import type { embedRoutes as EmbedRoutes, toolRoutes as ToolRoutes } from '@shelfcast/contracts'

/*
 * Method and path of the tool routes, typed as the contract's groups (a type-only import: no zod in the chunk).
 * The groups join routeGroups (and so `@shelfcast/contracts/client`) when the server serves them; this file can
 * then give way to the generated ones.
 */
export const toolRoutes = {
  encodeM4b: { method: 'POST', path: '/api/tools/item/:id/encode-m4b' },
  cancelEncodeM4b: { method: 'DELETE', path: '/api/tools/item/:id/encode-m4b' },
  splitM4b: { method: 'POST', path: '/api/tools/item/:id/split-m4b' },
  log: { method: 'GET', path: '/api/tools/item/:id/log' },
} as unknown as typeof ToolRoutes

export const embedRoutes = {
  embedMetadata: { method: 'POST', path: '/api/tools/item/:id/embed-metadata' },
  batchEmbedMetadata: { method: 'POST', path: '/api/tools/batch/embed-metadata' },
} as unknown as typeof EmbedRoutes
