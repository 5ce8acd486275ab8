import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { CoverImage } from '@/components/ui/index.ts'
import { itemCoverUrl } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'

/**
 * A podcast's square cover at the start of a list row. Without the cover path at hand (queue entries) the
 * server's cover route is asked and the placeholder shows if there is none.
 */
export function PodcastRowCover({
  libraryItemId,
  coverPath,
  updatedAt = 0,
  title,
  width,
}: {
  libraryItemId: string
  coverPath?: string | null
  updatedAt?: number
  title: string
  width: number
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const src =
    coverPath === undefined
      ? api.url(fillPath(itemRoutes.cover.path, { id: libraryItemId }), { width: width * 2 })
      : itemCoverUrl(api, { id: libraryItemId, updatedAt, media: { coverPath } }, width)
  return (
    <CoverImage
      src={src}
      title={title}
      aspectRatio={1}
      width={width}
      invalidLabel={t('LabelInvalidCover')}
      className="shrink-0 rounded"
    />
  )
}
