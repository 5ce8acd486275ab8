import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from '@/app/providers.tsx'
import { appRoutes } from '@/app/routes.tsx'
import { createApiClient } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { getAccessToken, useSessionStore } from '@/lib/session-store.ts'
import type { SocketClient } from '@/lib/socket/index.ts'
import { advanceFakeTimers } from './fake-clock.ts'

/** The whole app (real routes, providers and stores) at `path`, talking to `fetch`. */
export function renderApp(
  path: string,
  { fetch, socket }: { fetch: typeof globalThis.fetch; socket?: SocketClient },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const api = createApiClient({
    basePath: '',
    fetch,
    getAccessToken,
    onSessionRefreshed: (session) => useSessionStore.getState().setSession(session),
    onSessionExpired: () => useSessionStore.getState().clearSession(),
  })
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] })
  const view = render(
    <AppProviders services={{ api, queryClient, i18n, socket }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, user: userEvent.setup({ advanceTimers: advanceFakeTimers }), queryClient, api }
}

/** The router's current path with query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location
  return `${pathname}${search}`
}
