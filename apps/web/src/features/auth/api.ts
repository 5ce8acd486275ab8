import type { InitRequest, LoginRequest, LoginResponse } from '@shelfcast/contracts'
import { authRoutes, meRoutes, systemRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { languageController } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { leavePage } from './model/leave-page.ts'

export const authKeys = {
  status: ['server-status'] as const,
}

/** Signs the user in locally: stores user and token, then lets the server's language apply (spec §4). */
export async function startSession(session: LoginResponse): Promise<void> {
  useSessionStore.getState().setSession(session)
  await languageController.applyServerLanguage(session.serverSettings.language)
}

/**
 * Boot: a stored access token is checked with POST /api/authorize (the API client refreshes it once if
 * it expired). A 401 that survives the refresh has already cleared the session; any other failure
 * (server down) leaves the user signed out for now, keeping the token for the next attempt.
 */
export async function restoreSession(api: ApiClient): Promise<void> {
  const { accessToken, status } = useSessionStore.getState()
  if (status !== 'restoring' || !accessToken) {
    useSessionStore.getState().markReady()
    return
  }
  try {
    await startSession(await api.call(authRoutes.authorize, { credentials: 'include' }))
  } catch (error) {
    console.warn('[auth] could not restore the session', error)
    useSessionStore.getState().markReady()
  }
}

/** GET /status: whether the server is set up, and how users can sign in. */
export function useServerStatus() {
  const api = useApiClient()
  return useQuery({
    queryKey: authKeys.status,
    queryFn: ({ signal }) => api.call(systemRoutes.status, { auth: false, signal }),
    staleTime: 0,
    retry: 1,
  })
}

/** POST /init: creates the root user on first run. */
export function useInitServer() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: InitRequest) => api.call(systemRoutes.init, { body: request, auth: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.status }),
  })
}

/**
 * POST /login: the refresh token comes back as an httpOnly cookie, hence credentials 'include'.
 * `onAnswer` sees the answer as soon as the session is stored (to start requests the next page needs).
 */
export function useLogin(onAnswer?: (session: LoginResponse) => void) {
  const api = useApiClient()
  return useMutation({
    mutationFn: (request: LoginRequest) =>
      api.call(authRoutes.login, { body: request, auth: false, credentials: 'include' }),
    onSuccess: (session) => {
      // startSession stores the token at once (before its first await): onAnswer's requests carry it.
      const started = startSession(session)
      onAnswer?.(session)
      return started
    },
  })
}

/** POST /logout, then forget everything locally whatever the server said, and go to /login. */
export function useLogout() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => api.call(authRoutes.logout, { credentials: 'include' }),
    onSettled: (answer, error) => {
      if (error) console.warn('[auth] logout request failed', error)
      useSessionStore.getState().clearSession('logout')
      queryClient.clear()
      // An OpenID session may need the provider's own logout page.
      const redirectUrl = answer?.redirect_url
      if (redirectUrl && /^https?:\/\//i.test(redirectUrl)) leavePage(redirectUrl)
      else void navigate('/login', { replace: true })
    },
  })
}

/** PATCH /api/me/password. */
export function useChangePassword() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (request: { password: string; newPassword: string }) => {
      const answer = await api.call(meRoutes.changePassword, { body: request })
      // ABS answers {success:false, error} with a 200 for some refusals.
      if (answer.success === false) throw new Error(answer.error ?? '')
      return answer
    },
  })
}
