import { fileRoutes } from '@shelfcast/contracts/client'
import { ApiError, messageFromErrorBody, type ApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'
import type { UploadGroup } from './upload-groups.ts'

export interface UploadTarget {
  libraryId: string
  folderId: string
}

/**
 * POST /api/upload as multipart with upload progress (fetch reports none): fields first, as the server
 * requires, then the files. A 401 refreshes the session once and sends again.
 */
export async function sendUpload(
  api: ApiClient,
  target: UploadTarget,
  group: UploadGroup,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const form = new FormData()
  form.append('title', group.title)
  form.append('author', group.author)
  form.append('series', group.series)
  form.append('library', target.libraryId)
  form.append('folder', target.folderId)
  group.files.forEach((file, i) => form.append(String(i), file, file.name))
  const attempt = (token: string | null) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', api.url(fileRoutes.upload.path))
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total)
      }
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText })
      xhr.onerror = () => reject(new ApiError(0, '', 'network'))
      xhr.send(form)
    })
  let res = await attempt(getAccessToken())
  if (res.status === 401) {
    const token = await api.refreshSession()
    if (token) res = await attempt(token)
  }
  if (res.status < 200 || res.status >= 300)
    throw new ApiError(res.status, messageFromErrorBody(res.body), 'http')
  onProgress(1)
}
