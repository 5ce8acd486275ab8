import type { feedRoutes as declaredFeedRoutes } from '@shelfcast/contracts'

/**
 * Method and path of the feed calls, typed as the declared group (packages/contracts routes/feeds.routes.ts).
 * Held here until feedRoutes joins `routeGroups` with the server's feeds module: then the generated
 * `@shelfcast/contracts/client` table carries it and this file goes.
 */
export const feedRoutes = {
  list: { method: 'GET', path: '/api/feeds' },
  openForItem: { method: 'POST', path: '/api/feeds/item/:itemId/open' },
  openForCollection: { method: 'POST', path: '/api/feeds/collection/:collectionId/open' },
  openForSeries: { method: 'POST', path: '/api/feeds/series/:seriesId/open' },
  close: { method: 'POST', path: '/api/feeds/:id/close' },
  xml: { method: 'GET', path: '/feed/:slug' },
} as unknown as typeof declaredFeedRoutes
