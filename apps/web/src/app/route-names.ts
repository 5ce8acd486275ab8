import { useMatches } from 'react-router'

/** What each route declares in its `handle`: an ABS-style name (guard, layout and switch rules use it). */
export interface RouteHandle {
  name: string
  /** en-us key of the page title, for pages named in the spec that later features fill in. */
  titleKey?: string
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return !!value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle
    if (isRouteHandle(handle)) return handle
  }
  return undefined
}

export function useRouteName(): string | undefined {
  return useRouteHandle()?.name
}
