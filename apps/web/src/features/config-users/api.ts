import type { CreateUserRequest, Library, UpdateUserRequest, User } from '@shelfcast/contracts'
import { authSettingsRoutes, userRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { libraryDetailQuery } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  online: () => [...userKeys.all, 'online'] as const,
}

/** GET /api/users (admin). */
export function useUsers() {
  const api = useApiClient()
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: async ({ signal }) => (await api.call(userRoutes.list, { signal })).users,
  })
}

/** Ids of users online now: GET /api/users/online, then user_online / user_offline keep it current. */
export function useOnlineUserIds(): Set<string> {
  const api = useApiClient()
  const query = useQuery({
    queryKey: userKeys.online(),
    queryFn: async ({ signal }) => (await api.call(userRoutes.online, { signal })).usersOnline,
  })
  return new Set((query.data ?? []).map((u) => u.id))
}

function useInvalidateUsers() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userKeys.list() })
}

/** POST /api/users */
export function useCreateUser() {
  const api = useApiClient()
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.call(userRoutes.create, { body }),
    onSuccess: () => invalidate(),
  })
}

/** PATCH /api/users/:id */
export function useUpdateUser() {
  const api = useApiClient()
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserRequest }) =>
      api.call(userRoutes.update, { params: { id }, body }),
    onSuccess: () => invalidate(),
  })
}

/** DELETE /api/users/:id */
export function useDeleteUser() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: User) => api.call(userRoutes.remove, { params: { id: user.id } }),
    onSuccess: (_answer, user) => {
      queryClient.setQueryData<User[]>(userKeys.list(), (list) => list?.filter((u) => u.id !== user.id))
      return queryClient.invalidateQueries({ queryKey: userKeys.list() })
    },
  })
}

/**
 * Tags used in the given libraries (their filter data, shared with the library pages' cache), sorted;
 * asked for only while `enabled` (the tag list is open).
 */
export function useKnownTags(libraries: readonly Library[], enabled: boolean): string[] {
  const api = useApiClient()
  const results = useQueries({
    queries: libraries.map((library) => ({ ...libraryDetailQuery(api, library.id), enabled })),
  })
  const tags = new Set(results.flatMap((r) => r.data?.filterdata.tags ?? []))
  return [...tags].sort((a, b) => a.localeCompare(b))
}

/** PATCH /api/users/:id/openid-unlink: the account's next OpenID sign-in matches or registers it again. */
export function useUnlinkOpenId() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.call(authSettingsRoutes.unlink, { params: { id: userId } })).user,
    onSuccess: (user) => {
      queryClient.setQueryData<User[]>(userKeys.list(), (list) =>
        list?.map((u) => (u.id === user.id ? user : u)),
      )
      return queryClient.invalidateQueries({ queryKey: userKeys.list() })
    },
  })
}
