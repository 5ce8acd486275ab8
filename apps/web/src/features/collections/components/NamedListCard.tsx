import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CardCaption, captionLines, countText } from '@/features/browse/index.ts'
import type { NamedListView } from '../model/list-view.ts'
import { NamedListCover } from './NamedListCover.tsx'

export const listPath = (list: Pick<NamedListView, 'kind' | 'id'>) => `/${list.kind}/${list.id}`

/** A card of the library's collections or playlists tab: the cover fan, the name and the count. */
export const NamedListCard = memo(function NamedListCard({
  list,
  coverWidth,
  aspectRatio,
}: {
  list: NamedListView
  coverWidth: number
  aspectRatio: number
}) {
  const { t } = useTranslation()
  const count = list.entries.length
  return (
    <Link
      to={listPath(list)}
      className="group block rounded-md"
      style={{ width: coverWidth * 2 }}
      data-testid={`${list.kind}-card`}
      aria-label={list.name}
    >
      <div className="rounded-md ring-primary/70 transition group-hover:-translate-y-0.5 group-hover:ring-2">
        <NamedListCover list={list} coverWidth={coverWidth} aspectRatio={aspectRatio} />
      </div>
      <CardCaption
        lines={captionLines('collection', 'detail')}
        title={list.name}
        subs={[list.kind === 'collection' ? countText(t, 'Book', count) : countText(t, 'Item', count)]}
        titleTestId="list-card-name"
      />
    </Link>
  )
})
