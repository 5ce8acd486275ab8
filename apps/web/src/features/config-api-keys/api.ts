import type { ApiKey, CreateApiKeyRequest, UpdateApiKeyRequest } from '@shelfcast/contracts'
import { apiKeyRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
}

/** GET /api/api-keys (admin). */
export function useApiKeys() {
  const api = useApiClient()
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: async ({ signal }) => (await api.call(apiKeyRoutes.list, { signal })).apiKeys,
  })
}

/** POST /api/api-keys */
export function useCreateApiKey() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateApiKeyRequest) => (await api.call(apiKeyRoutes.create, { body })).apiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  })
}

/** PATCH /api/api-keys/:id: the list shows the change at once and goes back if refused. */
export function useUpdateApiKey() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateApiKeyRequest }) =>
      (await api.call(apiKeyRoutes.update, { params: { id }, body })).apiKey,
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: apiKeyKeys.list() })
      const previous = queryClient.getQueryData<ApiKey[]>(apiKeyKeys.list())
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (list) =>
        list?.map((key) =>
          key.id === id
            ? { ...key, ...(body.isActive === undefined ? {} : { isActive: body.isActive }) }
            : key,
        ),
      )
      return { previous }
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(apiKeyKeys.list(), context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  })
}

/** DELETE /api/api-keys/:id */
export function useDeleteApiKey() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: ApiKey) => api.call(apiKeyRoutes.remove, { params: { id: key.id } }),
    onSuccess: (_answer, key) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (list) => list?.filter((k) => k.id !== key.id))
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() })
    },
  })
}
