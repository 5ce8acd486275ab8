import type { CreateCustomMetadataProviderRequest, CustomMetadataProvider } from '@shelfcast/contracts'

export type ProviderMediaType = CustomMetadataProvider['mediaType']

export interface ProviderDraft {
  name: string
  url: string
  mediaType: ProviderMediaType
  authHeaderValue: string
}

export function newProviderDraft(): ProviderDraft {
  return { name: '', url: '', mediaType: 'book', authHeaderValue: '' }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** Spec §5 messages (en-us keys), the same rules the server applies: both required, then an http(s) URL. */
export function validateProviderDraft(draft: ProviderDraft): string | null {
  if (!draft.name.trim() || !draft.url.trim()) return 'ToastProviderNameAndUrlRequired'
  if (!isHttpUrl(draft.url.trim())) return 'ToastInvalidUrl'
  return null
}

/** POST /api/custom-metadata-providers body; an empty authorization value is sent as null (none). */
export function toCreateProviderRequest(draft: ProviderDraft): CreateCustomMetadataProviderRequest {
  return {
    name: draft.name.trim(),
    url: draft.url.trim(),
    mediaType: draft.mediaType,
    authHeaderValue: draft.authHeaderValue.trim() || null,
  }
}
