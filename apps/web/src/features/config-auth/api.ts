import type { AuthSettings, UpdateAuthSettingsRequest } from '@shelfcast/contracts'
import { authSettingsRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { authKeys } from '@/features/auth/index.ts'
import { useApiClient } from '@/lib/api/index.ts'

export const authSettingsKeys = {
  settings: ['auth-settings'] as const,
}

/** GET /api/auth-settings (admin). */
export function useAuthSettings() {
  const api = useApiClient()
  return useQuery({
    queryKey: authSettingsKeys.settings,
    queryFn: ({ signal }) => api.call(authSettingsRoutes.getSettings, { signal }),
  })
}

/** PATCH /api/auth-settings; the login page's /status (its methods and button) changes with it. */
export function useUpdateAuthSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: UpdateAuthSettingsRequest) =>
      (await api.call(authSettingsRoutes.updateSettings, { body })).authSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData<AuthSettings>(authSettingsKeys.settings, settings)
      void queryClient.invalidateQueries({ queryKey: authKeys.status })
    },
  })
}

/** GET /auth/openid/config?issuer=: the provider's discovery document, to fill the endpoints. */
export function useOpenIdDiscovery() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (issuer: string) => api.call(authSettingsRoutes.openidConfig, { query: { issuer } }),
  })
}
