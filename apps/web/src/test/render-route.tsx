import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { advanceFakeTimers } from './fake-clock.ts'
import { fakeApiClient } from './fake-server.ts'

/**
 * One page at `path` under its own route `pattern` (a "/" route stands for home), with the real
 * providers: for page tests that should not load the whole route tree.
 */
export function renderRoute(
  path: string,
  pattern: string,
  element: ReactNode,
  { fetch }: { fetch: typeof globalThis.fetch },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/', element: <p data-testid="home-route" /> },
    ],
    { initialEntries: [path] },
  )
  const view = render(
    <AppProviders services={{ api: fakeApiClient(fetch), queryClient, i18n }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, user: userEvent.setup({ advanceTimers: advanceFakeTimers }), queryClient }
}
