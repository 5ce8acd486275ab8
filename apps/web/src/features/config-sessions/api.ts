import type { SessionSortKey } from '@shelfcast/contracts'
import { playbackRoutes, userRoutes } from '@shelfcast/contracts/client'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

export const sessionKeys = {
  all: ['listening-sessions'] as const,
  page: (q: SessionsPageQuery) => [...sessionKeys.all, 'page', q] as const,
  open: () => [...sessionKeys.all, 'open'] as const,
}

export interface SessionsPageQuery {
  /** A user's id, or null for everyone. */
  user: string | null
  sort: SessionSortKey
  desc: boolean
  page: number
  itemsPerPage: number
}

/** GET /api/sessions (admins): one page of everyone's (or one user's) listening sessions. */
export function useSessionsPage(q: SessionsPageQuery) {
  const api = useApiClient()
  return useQuery({
    queryKey: sessionKeys.page(q),
    queryFn: ({ signal }) =>
      api.call(playbackRoutes.listSessions, {
        query: {
          user: q.user ?? undefined,
          sort: q.sort,
          desc: q.desc ? 1 : 0,
          page: q.page,
          itemsPerPage: q.itemsPerPage,
        },
        signal,
      }),
    // Paging keeps the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  })
}

/** GET /api/sessions/open (admins); `user_stream_update` refetches it while the page is open. */
export function useOpenSessions() {
  const api = useApiClient()
  return useQuery({
    queryKey: sessionKeys.open(),
    queryFn: async ({ signal }) => (await api.call(playbackRoutes.openSessions, { signal })).sessions,
  })
}

/** DELETE /api/sessions/:id or POST /api/sessions/batch/delete. */
export function useDeleteSessions() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      if (ids.length === 1 && ids[0]) await api.call(playbackRoutes.deleteSession, { params: { id: ids[0] } })
      else await api.call(playbackRoutes.deleteSessions, { body: { sessions: [...ids] } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}

/** POST /api/session/:id/close: an admin ends someone's open session (no sync is sent). */
export function useCloseSession() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.call(playbackRoutes.close, { params: { id }, body: undefined }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}

/** GET /api/users/:id/listening-sessions (admins): one page of a user's sessions, newest first. */
export function useUserSessionsPage(userId: string, page: number, itemsPerPage: number) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...sessionKeys.all, 'user', userId, page, itemsPerPage],
    queryFn: ({ signal }) =>
      api.call(playbackRoutes.userListeningSessions, {
        params: { id: userId },
        query: { page, itemsPerPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** GET /api/users/:id/listening-stats (admins). */
export function useUserListeningStats(userId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...sessionKeys.all, 'user-stats', userId],
    queryFn: ({ signal }) => api.call(playbackRoutes.userListeningStats, { params: { id: userId }, signal }),
  })
}

/** GET /api/users/:id (admins), for the page's title. */
export function useUserAccount(userId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: ['users', 'one', userId],
    queryFn: ({ signal }) => api.call(userRoutes.get, { params: { id: userId }, signal }),
  })
}
