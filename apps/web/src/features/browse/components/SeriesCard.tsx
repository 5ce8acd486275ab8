import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoverFan, type FanCover } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { itemCoverUrl } from '../hooks/useCoverUrl.ts'
import { itemAuthor, itemTitle, type AnyItem } from '../model/item-view.ts'
import { captionLines, FAN_WIDTH_FACTOR } from '../model/card-geometry.ts'
import { countText } from '../model/counts.ts'
import { CardCaption } from './CardCaption.tsx'

/** A series card is as wide as two covers; its fan shows up to 10 of the books. */
export const SERIES_CARD_WIDTH_FACTOR = FAN_WIDTH_FACTOR

export interface SeriesCardProps {
  /** Audiobookshelf's series JSON: its books, no count (the card counts them). */
  series: { id: string; name: string; libraryId: string; books: AnyItem[] }
  /** Width of one cover; the card is twice as wide. */
  coverWidth: number
  aspectRatio: number
}

export const SeriesCard = memo(function SeriesCard({ series, coverWidth, aspectRatio }: SeriesCardProps) {
  const { t } = useTranslation()
  const api = useApiClient()
  const width = coverWidth * SERIES_CARD_WIDTH_FACTOR
  const covers: FanCover[] = series.books.slice(0, 10).map((book) => ({
    key: book.id,
    src: itemCoverUrl(api, book, coverWidth),
    title: itemTitle(book) ?? t('LabelNoTitle'),
    author: itemAuthor(book),
  }))
  const count = series.books.length

  return (
    <Link
      to={`/library/${series.libraryId}/series/${series.id}`}
      className="group block rounded-md"
      style={{ width }}
      data-testid="series-card"
    >
      {/* The fan is decoration: the link is named by the visible name and count under it. */}
      <div className="transition group-hover:-translate-y-0.5" aria-hidden="true">
        <CoverFan
          covers={covers}
          coverWidth={coverWidth}
          width={width}
          aspectRatio={aspectRatio}
          invalidLabel={t('LabelInvalidCover')}
          placeholderTitle={series.name}
        />
      </div>
      <CardCaption
        lines={captionLines('series', 'detail')}
        title={series.name}
        subs={[countText(t, 'Book', count)]}
        titleTestId="series-card-name"
      />
    </Link>
  )
})
