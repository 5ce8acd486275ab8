import { useTranslation } from 'react-i18next'
import { CoverFan, Icon, type FanCover } from '@/components/ui/index.ts'
import { itemAuthor, itemCoverUrl, itemTitle } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { fanItems, type NamedListView } from '../model/list-view.ts'

const SMALLEST_TEXT_COVER = 60

/** A collection's or playlist's cover: its first two books side by side, or 'Empty Collection'. */
export function NamedListCover({
  list,
  coverWidth,
  aspectRatio,
}: {
  list: NamedListView
  /** Width of one book cover; the fan is two covers wide. */
  coverWidth: number
  aspectRatio: number
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const covers: FanCover[] = fanItems(list).map((item) => ({
    key: item.id,
    src: itemCoverUrl(api, item, coverWidth),
    title: itemTitle(item) ?? t('LabelNoTitle'),
    author: itemAuthor(item),
  }))
  // Too small for the 'Empty Collection' text: a tile with the list's icon.
  if (covers.length === 0 && coverWidth < SMALLEST_TEXT_COVER)
    return (
      <div
        className="flex items-center justify-center rounded-md bg-surface-raised text-muted"
        style={{ width: coverWidth * 2, height: Math.round(coverWidth * aspectRatio) }}
        data-testid="cover-fan"
      >
        <Icon name={list.kind === 'collection' ? 'collections' : 'playlists'} className="size-4" />
      </div>
    )
  return (
    <CoverFan
      covers={covers}
      coverWidth={coverWidth}
      width={coverWidth * 2}
      aspectRatio={aspectRatio}
      invalidLabel={t('LabelInvalidCover')}
      placeholderTitle={t(list.kind === 'collection' ? 'MessageEmptyCollection' : 'MessageEmptyPlaylist')}
    />
  )
}
