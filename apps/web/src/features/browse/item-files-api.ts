import { itemEditRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { itemKeys } from './api.ts'

/** GET /api/items/:id/ffprobe/:fileid (admins), fetched while the dialog is open. */
export function useFfprobeData(itemId: string, fileId: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: ['item-ffprobe', itemId, fileId],
    enabled: fileId !== null,
    retry: false,
    queryFn: ({ signal }) =>
      api.call(itemEditRoutes.ffprobe, { params: { id: itemId, fileid: fileId ?? '' }, signal }),
  })
}

/** DELETE /api/items/:id/file/:fileid, then PATCH .../ebook/:fileid/status: both end in a fresh item. */
export function useItemFileActions(itemId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const refetch = () => queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) })
  const removeFile = useMutation({
    mutationFn: (fileId: string) =>
      api.call(itemEditRoutes.removeFile, { params: { id: itemId, fileid: fileId } }),
    onSuccess: refetch,
  })
  const toggleEbook = useMutation({
    mutationFn: (fileId: string) =>
      api.call(itemEditRoutes.setEbookStatus, { params: { id: itemId, fileid: fileId } }),
    onSuccess: refetch,
  })
  return { removeFile, toggleEbook }
}
