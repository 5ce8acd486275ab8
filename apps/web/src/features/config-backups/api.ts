import type { BackupsResponse } from '@shelfcast/contracts'
import { backupRoutes, fillPath } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, messageFromErrorBody, useApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'

export const backupKeys = { list: ['backups'] as const }

/** A backup of a large library takes a while: creations and restores wait longer than the default. */
const LONG_CALL_MS = 30 * 60_000

/** GET /api/backups (admin). */
export function useBackups() {
  const api = useApiClient()
  return useQuery({
    queryKey: backupKeys.list,
    queryFn: ({ signal }) => api.call(backupRoutes.list, { signal }),
  })
}

/** Every mutation here answers the new list. */
function useListMutation<V>(run: (variables: V) => Promise<BackupsResponse>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (list) => queryClient.setQueryData(backupKeys.list, list),
  })
}

export function useCreateBackup() {
  const api = useApiClient()
  return useListMutation(() => api.call(backupRoutes.create, { timeoutMs: LONG_CALL_MS }))
}

export function useDeleteBackup() {
  const api = useApiClient()
  return useListMutation((id: string) => api.call(backupRoutes.remove, { params: { id } }))
}

export function useUpdateBackupPath() {
  const api = useApiClient()
  return useListMutation((path: string) => api.call(backupRoutes.updatePath, { body: { path } }))
}

/** POST /api/backups/upload: the api client sends JSON only, so the file goes as multipart with the token. */
export function useUploadBackup() {
  const api = useApiClient()
  return useListMutation(async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    const token = getAccessToken()
    const response = await fetch(api.url(backupRoutes.upload.path), {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    })
    if (!response.ok)
      throw new ApiError(response.status, messageFromErrorBody(await response.text()) || response.statusText)
    return (await response.json()) as BackupsResponse
  })
}

/** GET /api/backups/:id/apply: the server restarts onto it and `backup_applied` reloads every client. */
export function useApplyBackup() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (id: string) => api.call(backupRoutes.apply, { params: { id }, timeoutMs: LONG_CALL_MS }),
  })
}

/** The download link: a link cannot send a bearer header, so the token goes as `?token=`. */
export function useBackupDownloadUrl() {
  const api = useApiClient()
  return (id: string, token: string | null) =>
    api.url(fillPath(backupRoutes.download.path, { id }), token ? { token } : undefined)
}
