import { authorRoutes, fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { coverRequestWidth } from '@/components/ui/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { isRemoteCover } from '../model/item-view.ts'

const pixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1)

interface CoverSource {
  id: string
  updatedAt: number
  media: { coverPath: string | null }
}

/**
 * The cover URL of an item for a CSS width: the server resizes (`?width=` in a few steps for the screen's
 * pixel ratio) and `ts` (updatedAt) makes each version cacheable. 'raw' asks for the original file; a
 * cover path that is an http(s) URL is used as it is. Null without a cover.
 */
export function itemCoverUrl(api: ApiClient, item: CoverSource, width: number | 'raw'): string | null {
  const coverPath = item.media.coverPath
  if (!coverPath) return null
  if (isRemoteCover(coverPath)) return coverPath
  const query =
    width === 'raw'
      ? { raw: 1, ts: item.updatedAt }
      : { width: coverRequestWidth(width, pixelRatio()), ts: item.updatedAt }
  return api.url(fillPath(itemRoutes.cover.path, { id: item.id }), query)
}

export function useItemCoverUrl(item: CoverSource, width: number | 'raw'): string | null {
  return itemCoverUrl(useApiClient(), item, width)
}

/** GET /api/authors/:id/image?ts=updatedAt, sized like covers. Null without an image. */
export function useAuthorImageUrl(
  author: { id: string; updatedAt: number; imagePath: string | null },
  width: number,
) {
  const api = useApiClient()
  if (!author.imagePath) return null
  return api.url(fillPath(authorRoutes.image.path, { id: author.id }), {
    width: coverRequestWidth(width, pixelRatio()),
    ts: author.updatedAt,
  })
}
