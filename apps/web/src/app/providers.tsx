import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ApiClientProvider, type ApiClient } from '../lib/api/index.ts'
import { SocketClientProvider, type SocketClient } from '../lib/socket/index.ts'
import { UpdatePrompt } from './service-worker/UpdatePrompt.tsx'
import { SocketLifecycle } from './SocketLifecycle.tsx'
import { ToastHost } from './ToastHost.tsx'

export interface AppServices {
  api: ApiClient
  queryClient: QueryClient
  i18n: I18n
  socket?: SocketClient
}

/** Everything pages rely on: API client, query cache, translations, toasts, the socket and the update prompt. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <QueryClientProvider client={services.queryClient}>
        <ApiClientProvider client={services.api}>
          <SocketClientProvider client={services.socket ?? null}>
            {services.socket && <SocketLifecycle client={services.socket} />}
            {children}
            <ToastHost />
            <UpdatePrompt />
          </SocketClientProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
