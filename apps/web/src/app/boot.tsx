import { limits } from '@shelfcast/contracts/client'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { registerAuthSocketHandlers, restoreSession } from '../features/auth/index.ts'
import { registerBrowseSocketHandlers } from '../features/browse/index.ts'
import { registerBackupSocketHandlers } from '../features/config-backups/index.ts'
import { registerCollectionSocketHandlers } from '../features/collections/index.ts'
import { registerCustomProviderSocketHandlers } from '../features/config-metadata-providers/index.ts'
import { registerUserAdminSocketHandlers } from '../features/config-users/index.ts'
import { registerLibrarySocketHandlers } from '../features/libraries/index.ts'
import { registerPlayerSocketHandlers } from '../features/player/index.ts'
import { registerPodcastSocketHandlers } from '../features/podcasts/index.ts'
import { registerSelectionSocketHandlers } from '../features/selection/index.ts'
import { registerTaskSocketHandlers } from '../features/tasks/index.ts'
import { createApiClient } from '../lib/api/index.ts'
import { currentRouterBasePath } from '../lib/base-path.ts'
import {
  applyDocumentLanguage,
  i18n,
  languageController,
  loadRemainingStringsWhenIdle,
} from '../lib/i18n/index.ts'
import { getAccessToken, useSessionStore } from '../lib/session-store.ts'
import { bridgeSocketToQueryCache, SocketClient } from '../lib/socket/index.ts'
import { applyTheme, storedTheme } from '../lib/theme.ts'
import { toast } from '../lib/toast-store.ts'
import { AppProviders } from './providers.tsx'
import { createQueryClient } from './query-client.ts'
import { installRoutePrefetch } from './route-prefetch.ts'
import { appRoutes } from './routes.tsx'
import { registerServiceWorkerAfterLoad } from './service-worker/register.ts'

/** Wires the app together once, then renders it. */
export async function boot(container: HTMLElement): Promise<void> {
  applyTheme(storedTheme())
  const basePath = currentRouterBasePath()
  const queryClient = createQueryClient()

  const socket = new SocketClient({
    basePath,
    getAccessToken,
    connectedToastMs: limits.socketConnectedToastMs,
    // One connection toast, replaced in place as the connection changes.
    showConnectionToast: ({ kind, messageKey, timeoutMs }) =>
      toast[kind](i18n.t(messageKey), { id: 'socket-connection', timeoutMs }),
  })

  const api = createApiClient({
    basePath,
    getAccessToken,
    onSessionRefreshed: (session) => {
      useSessionStore.getState().setSession(session)
      socket.reauthenticate()
    },
    // Clearing the user is enough: the route guard then sends the visitor to /login.
    onSessionExpired: () => useSessionStore.getState().clearSession(),
  })

  registerAuthSocketHandlers()
  registerLibrarySocketHandlers()
  registerUserAdminSocketHandlers()
  registerBrowseSocketHandlers()
  registerCollectionSocketHandlers()
  registerCustomProviderSocketHandlers()
  registerTaskSocketHandlers()
  registerPlayerSocketHandlers()
  registerPodcastSocketHandlers()
  registerSelectionSocketHandlers()
  registerBackupSocketHandlers(api.url('/ping'))
  bridgeSocketToQueryCache(socket, queryClient)

  await languageController.initFromStorage()
  applyDocumentLanguage(languageController.current)
  languageController.onChange(applyDocumentLanguage)

  const router = createBrowserRouter(appRoutes, { basename: basePath || '/' })
  installRoutePrefetch(appRoutes, basePath || '/')
  createRoot(container).render(
    <StrictMode>
      <AppProviders services={{ api, queryClient, i18n, socket }}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
  loadRemainingStringsWhenIdle()
  registerServiceWorkerAfterLoad()
  await restoreSession(api)
}
