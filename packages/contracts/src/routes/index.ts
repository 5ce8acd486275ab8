import type { RouteSpec } from './route.ts'
import { collectionRoutes } from './collections.routes.ts'
import { docsRoutes } from './docs.routes.ts'
import { playlistRoutes, PlaylistOrGone } from './playlists.routes.ts'

export * from './route.ts'
export { collectionRoutes, docsRoutes, playlistRoutes, PlaylistOrGone }

/**
 * Every route group. A new group is added here once; the server registers its routes from the group, the
 * OpenAPI document lists them, and a test fails when Fastify serves a route no group declares (or the reverse).
 */
export const routeGroups = {
  docs: docsRoutes,
  collections: collectionRoutes,
  playlists: playlistRoutes,
} as const satisfies Record<string, Record<string, RouteSpec>>

/** Every declared route, in group order. */
export const allRoutes: readonly RouteSpec[] = Object.values(routeGroups).flatMap((group) =>
  Object.values(group),
)

/** Every declared route with its `group.name` id (the OpenAPI operationId). */
export const namedRoutes: readonly { id: string; route: RouteSpec }[] = Object.entries(routeGroups).flatMap(
  ([group, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ id: `${group}.${name}`, route: route as RouteSpec })),
)
