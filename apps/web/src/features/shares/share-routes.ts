import type { shareRoutes as ShareRoutes } from '@shelfcast/contracts'

/**
 * Method and path of the share routes, typed as the real group. A stand-in for `shareRoutes` of
 * `@shelfcast/contracts/client` until the shares server adds the group to `routeGroups` (the generated
 * client routes list only registered groups); then this file goes and callers import that one.
 */
export const shareCalls = {
  create: { method: 'POST', path: '/api/share/mediaitem' },
  remove: { method: 'DELETE', path: '/api/share/mediaitem/:id' },
} as unknown as typeof ShareRoutes
