import type { SearchResponse } from '@shelfcast/contracts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoverImage, Icon, coverAspectRatio } from '@/components/ui/index.ts'
import {
  AuthorImage,
  bookshelfFilterPath,
  itemAuthor,
  itemTitle,
  useItemCoverUrl,
  type AnyItem,
} from '@/features/browse/index.ts'
import type { SearchGroup } from '../model/search-state.ts'
import { countText } from '@/features/browse/index.ts'

const rowClass =
  'flex items-center gap-3 rounded-lg px-2 py-1.5 transition hover:bg-surface focus-visible:bg-surface'

function ItemThumb({ item, square }: { item: AnyItem; square: boolean }) {
  const { t } = useTranslation()
  const src = useItemCoverUrl(item, 40)
  return (
    <CoverImage
      src={src}
      title={itemTitle(item) ?? t('LabelNoTitle')}
      aspectRatio={coverAspectRatio(square)}
      width={square ? 40 : 32}
      invalidLabel=""
      className="shrink-0"
    />
  )
}

function Row({ to, onPick, children }: { to: string; onPick: () => void; children: ReactNode }) {
  return (
    <li>
      <Link to={to} onClick={onPick} className={rowClass} data-testid="search-hit">
        {children}
      </Link>
    </li>
  )
}

/** The rows of one result group in the search dropdown. */
export function SearchGroupRows({
  group,
  libraryId,
  squareCovers,
  onPick,
}: {
  group: SearchGroup
  libraryId: string
  squareCovers: boolean
  onPick: () => void
}) {
  const { t } = useTranslation()
  switch (group.id) {
    case 'books':
    case 'podcasts':
      return group.hits.map((hit) => (
        <Row key={hit.libraryItem.id} to={`/item/${hit.libraryItem.id}`} onPick={onPick}>
          <ItemThumb item={hit.libraryItem} square={squareCovers || group.id === 'podcasts'} />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">
              {itemTitle(hit.libraryItem) ?? t('LabelNoTitle')}
            </span>
            <span className="block truncate text-xs text-muted">{itemAuthor(hit.libraryItem)}</span>
          </span>
        </Row>
      ))
    case 'episodes':
      return group.hits.map((hit) => (
        <Row key={hit.libraryItem.recentEpisode.id} to={`/item/${hit.libraryItem.id}`} onPick={onPick}>
          <ItemThumb item={hit.libraryItem} square />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">{hit.libraryItem.recentEpisode.title}</span>
            <span className="block truncate text-xs text-muted">{itemTitle(hit.libraryItem)}</span>
          </span>
        </Row>
      ))
    case 'authors':
      return group.hits.map((author) => (
        <Row key={author.id} to={`/author/${author.id}`} onPick={onPick}>
          <AuthorImage author={author} size={32} className="rounded-full" />
          <span className="min-w-0 truncate text-sm font-medium">{author.name}</span>
        </Row>
      ))
    case 'series':
      return group.hits.map((hit) => (
        <Row key={hit.series.id} to={`/library/${libraryId}/series/${hit.series.id}`} onPick={onPick}>
          <Icon name="series" className="size-5 text-muted" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">{hit.series.name}</span>
            <span className="block truncate text-xs text-muted">
              {countText(t, 'Book', hit.books.length)}
            </span>
          </span>
        </Row>
      ))
    case 'tags':
    case 'genres':
      return group.hits.map((hit) => (
        <Row key={hit.name} to={bookshelfFilterPath(libraryId, group.id, hit.name)} onPick={onPick}>
          <Icon name={group.id === 'tags' ? 'collections' : 'library'} className="size-5 text-muted" />
          <span className="min-w-0 flex-1 truncate text-sm">{hit.name}</span>
          <span className="text-xs text-muted tabular-nums">{hit.numItems}</span>
        </Row>
      ))
    case 'narrators':
      return group.hits.map((hit) => (
        <Row key={hit.name} to={bookshelfFilterPath(libraryId, 'narrators', hit.name)} onPick={onPick}>
          <Icon name="narrators" className="size-5 text-muted" />
          <span className="min-w-0 flex-1 truncate text-sm">{hit.name}</span>
          <span className="text-xs text-muted tabular-nums">{hit.numBooks}</span>
        </Row>
      ))
  }
}

export type { SearchResponse }
