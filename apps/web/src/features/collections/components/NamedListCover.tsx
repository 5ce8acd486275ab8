import { useTranslation } from 'react-i18next'
import { CoverFan, type FanCover } from '@/components/ui/index.ts'
import { itemAuthor, itemCoverUrl, itemTitle } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { fanItems, type NamedListView } from '../model/list-view.ts'

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
