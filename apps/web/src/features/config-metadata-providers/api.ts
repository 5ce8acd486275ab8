import type { CreateCustomMetadataProviderRequest, CustomMetadataProvider } from '@shelfcast/contracts'
import { metadataRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'

export const customProviderKeys = {
  list: () => ['custom-metadata-providers'] as const,
}

/**
 * Providers show up elsewhere too: the match tab's provider list (item-edit's ['search-providers']) and
 * the library answer's customMetadataProviders.
 */
export function refreshProviderLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: customProviderKeys.list() })
  void queryClient.invalidateQueries({ queryKey: ['search-providers'] })
  void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
}

/** GET /api/custom-metadata-providers (admin). */
export function useCustomProviders() {
  const api = useApiClient()
  return useQuery({
    queryKey: customProviderKeys.list(),
    queryFn: async ({ signal }) => (await api.call(metadataRoutes.listCustomProviders, { signal })).providers,
  })
}

/** POST /api/custom-metadata-providers */
export function useCreateCustomProvider() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateCustomMetadataProviderRequest) =>
      (await api.call(metadataRoutes.createCustomProvider, { body })).provider,
    onSuccess: (provider) => {
      queryClient.setQueryData<CustomMetadataProvider[]>(customProviderKeys.list(), (list) =>
        list && !list.some((p) => p.id === provider.id) ? [...list, provider] : list,
      )
      refreshProviderLists(queryClient)
    },
  })
}

/** DELETE /api/custom-metadata-providers/:id */
export function useDeleteCustomProvider() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (provider: CustomMetadataProvider) =>
      api.call(metadataRoutes.removeCustomProvider, { params: { id: provider.id } }),
    onSuccess: (_answer, provider) => {
      queryClient.setQueryData<CustomMetadataProvider[]>(customProviderKeys.list(), (list) =>
        list?.filter((p) => p.id !== provider.id),
      )
      refreshProviderLists(queryClient)
    },
  })
}
