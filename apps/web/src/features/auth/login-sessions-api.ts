import { meRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

const loginSessionKeys = { all: ['login-sessions'] as const }

/** The most devices the account page lists (a user with more signs them out from the oldest up). */
const DEVICES_SHOWN = 50

/** GET /api/me/sessions: the devices the caller is signed in on, last used first. */
export function useLoginSessions(enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: loginSessionKeys.all,
    queryFn: ({ signal }) =>
      api.call(meRoutes.loginSessions, { query: { itemsPerPage: DEVICES_SHOWN, page: 0 }, signal }),
    enabled,
  })
}

/** DELETE /api/me/sessions/:id: signs one device out. */
export function useRevokeLoginSession() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.call(meRoutes.revokeLoginSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loginSessionKeys.all }),
  })
}
