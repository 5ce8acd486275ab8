import { matchRoutes, type RouteObject } from 'react-router'

/** Routes whose page is fetched on demand, with the call that fetches it. */
const preloads = new WeakMap<RouteObject, () => Promise<unknown>>()

/** Marks a route as loaded on demand: hovering or focusing a link to it fetches its chunk ahead of the click. */
export function withPrefetch<R extends RouteObject>(route: R, preload: () => Promise<unknown>): R {
  preloads.set(route, preload)
  return route
}

/** Fetches the chunks of every on-demand route the path matches (nothing for eager routes). */
export function prefetchRoute(routes: RouteObject[], pathname: string, basename = '/'): void {
  for (const match of matchRoutes(routes, pathname, basename) ?? []) {
    // A failed prefetch is not an error yet: the navigation that follows fetches again and shows its own.
    preloads
      .get(match.route)?.()
      .catch(() => undefined)
  }
}

/**
 * One delegated listener for the whole document, so every link (side rail, app bar, menus, pages) prefetches
 * without each component knowing about chunks. Pointer hover and keyboard focus both count as intent.
 */
export function installRoutePrefetch(
  routes: RouteObject[],
  basename = '/',
  root: Document = document,
): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== root.location.origin) return
    prefetchRoute(routes, link.pathname, basename)
  }
  root.addEventListener('pointerover', onIntent, { passive: true })
  root.addEventListener('focusin', onIntent)
  return () => {
    root.removeEventListener('pointerover', onIntent)
    root.removeEventListener('focusin', onIntent)
  }
}
