import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoverImage, Icon, ProgressBar, cn } from '@/components/ui/index.ts'
import { PlayButton } from '@/features/player/index.ts'
import { formatBytes } from '@/lib/format.ts'
import { openEreader } from '@/lib/ereader.ts'
import { openEditModal } from '@/lib/item-edit-modal.ts'
import { isItemSelected, toggleItemSelected, useItemSelection } from '@/lib/item-selection.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { useItemCoverUrl } from '../hooks/useCoverUrl.ts'
import { durationLabel } from '../model/duration.ts'
import {
  hasIssue,
  itemAuthor,
  itemDuration,
  itemNumEpisodes,
  itemPublishedYear,
  itemSubtitle,
  itemEbookFormat,
  itemTitle,
  progressFraction,
  progressIndex,
  itemSize,
  type AnyItem,
} from '../model/item-view.ts'
import type { SortCaption } from '../model/sort.ts'
import { countText } from '../model/counts.ts'
import { bookQueueEntry } from '../model/queue-entry.ts'
import { itemTrackCount, selectionEntryOf } from '../model/selection-entry.ts'
import { captionLines, type BookshelfView } from '../model/card-geometry.ts'
import { CardCaption } from './CardCaption.tsx'
import { ItemMoreMenu } from './ItemMoreMenu.tsx'
import { ReadButton } from './ReadButton.tsx'

export type { BookshelfView } from '../model/card-geometry.ts'

export interface ItemCardProps {
  /** `rssFeed` (include=rssfeed): an open feed puts an RSS badge on the cover. */
  item: AnyItem & { collapsedSeries?: { id: string; name: string; numBooks: number }; rssFeed?: unknown }
  /** Cover width in CSS px. */
  width: number
  aspectRatio: number
  view?: BookshelfView
  /** What the detail view writes under the title. */
  caption?: SortCaption
  showSubtitle?: boolean
  /** Cover images load eagerly on shelves that are already in view. */
  eager?: boolean
  /** Place on the bookshelf: a shift-click on the selection box selects the range up to here. */
  selectionIndex?: number
  /** An episode shelf's card: the episode's title leads, the podcast's title is the caption. */
  episodeTitle?: string
  /** More rows at the end of the card's more menu (Continue Series: hide the series). */
  menuRows?: ReactNode
}

/**
 * An item on a shelf or in the grid: its cover (placeholder when none) with the user's progress along
 * the bottom, a badge for issues, and in the detail view its title and a caption under it. A collapsed
 * series shows the series instead and leads to the series page. The card is exactly as tall as
 * cardGeometry says (cover plus caption): the link holds both, so a click on the title opens the item,
 * and the overlay buttons sit on the cover.
 */
export const ItemCard = memo(function ItemCard({
  item,
  width,
  aspectRatio,
  view = 'detail',
  caption = 'author',
  showSubtitle = false,
  eager = false,
  selectionIndex,
  episodeTitle,
  menuRows,
}: ItemCardProps) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const canEdit = !!user?.permissions.update
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const coverUrl = useItemCoverUrl(item, width)
  const series = item.collapsedSeries
  const title = series ? series.name : (itemTitle(item) ?? t('LabelNoTitle'))
  const ebookFormat = itemEbookFormat(item)
  const author = itemAuthor(item)
  const progress = series ? null : progressFraction(progressIndex(user).get(item.id))
  const to = series ? `/library/${item.libraryId}/series/${series.id}` : `/item/${item.id}`
  const selected = useItemSelection((s) => isItemSelected(s, item.id))
  const selectionMode = useItemSelection((s) => s.selectedMediaItems.length > 0)
  // A collapsed series stands for many books: it is not selectable.
  const selectable = !series
  const toggleSelected = (shiftKey: boolean) => {
    const entry = selectionEntryOf(item)
    if (entry) toggleItemSelected(entry, { index: selectionIndex, shiftKey })
  }
  // Overlay buttons would compete with selecting: selection mode hides them.
  const showActions = !series && !selectionMode

  const captionText = (() => {
    if (series) return countText(t, 'Book', series.numBooks)
    if (episodeTitle !== undefined) return title
    switch (caption) {
      case 'publishedYear':
        return itemPublishedYear(item) ?? ''
      case 'addedAt':
        return t('LabelAddedDate', { date: formatDate(item.addedAt, dateFormat) })
      case 'mtime':
        return t('LabelModifiedDate', { date: formatDate(item.mtimeMs, dateFormat) })
      case 'birthtime':
        return t('LabelCreatedDate', { date: formatDate(item.birthtimeMs, dateFormat) })
      case 'size':
        return formatBytes(itemSize(item))
      case 'duration':
        return durationLabel(itemDuration(item))
      case 'numEpisodes': {
        const count = itemNumEpisodes(item)
        return countText(t, 'Episode', count)
      }
      case 'none':
        return ''
      default:
        return author ?? ''
    }
  })()

  const lines = captionLines(item.mediaType === 'podcast' ? 'podcast' : 'book', view, showSubtitle)
  const coverHeight = Math.round(width * aspectRatio)
  const captioned = lines.title > 0
  const subs = lines.sub === 2 ? [series ? '' : (itemSubtitle(item) ?? ''), captionText] : [captionText]

  return (
    <div className="group relative" style={{ width }} data-testid="item-card" data-item-id={item.id}>
      <Link
        to={to}
        // With a caption the link is named by its visible text (axe: label-content-name-mismatch); a bare
        // cover has no visible text, so it is named here.
        aria-label={
          captioned
            ? undefined
            : episodeTitle !== undefined
              ? `${episodeTitle}, ${title}`
              : author && !series
                ? `${title}, ${author}`
                : title
        }
        title={episodeTitle ?? title}
        className="block rounded-md transition group-hover:-translate-y-0.5"
        onClick={(event) => {
          // In selection mode a click on the card chooses it instead of opening it.
          if (!selectionMode || !selectable) return
          event.preventDefault()
          toggleSelected(event.shiftKey)
        }}
      >
        <div className="relative" style={{ height: coverHeight }} aria-hidden={captioned || undefined}>
          <CoverImage
            src={coverUrl}
            title={title}
            author={series ? null : author}
            aspectRatio={aspectRatio}
            width={width}
            invalidLabel={t('LabelInvalidCover')}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            className={cn(
              'shadow-md ring-primary/70 group-hover:ring-2 rounded-md',
              selected && 'ring-4 ring-primary group-hover:ring-4',
            )}
          />
          {progress && (
            <ProgressBar
              value={progress.value}
              finished={progress.finished}
              label={t('LabelProgress')}
              className="absolute inset-x-0 bottom-0 rounded-b-md"
            />
          )}
          {series && (
            <span
              className="absolute top-1.5 end-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold text-white"
              data-testid="collapsed-series-count"
            >
              {series.numBooks}
            </span>
          )}
          {!series && hasIssue(item) && (
            <span
              className="absolute top-1.5 start-1.5 rounded-md bg-error p-1 text-error-fg"
              title={
                item.isMissing
                  ? t('LabelMissing')
                  : [t('LabelInvalid'), item.invalidReason].filter(Boolean).join(': ')
              }
            >
              <Icon name="issues" className="size-3.5" />
            </span>
          )}
          {!series && !!item.rssFeed && (
            <span
              className={cn(
                'absolute start-1.5 rounded-md bg-black/75 p-1 text-warning transition group-hover:opacity-0',
                hasIssue(item) ? 'top-9' : 'top-1.5',
              )}
              title={t('LabelRSSFeedOpen')}
              data-testid="item-card-rss"
            >
              <Icon name="rss" className="size-3.5" />
            </span>
          )}
        </div>
        <CardCaption lines={lines} title={episodeTitle ?? title} subs={subs} titleTestId="item-card-title" />
      </Link>
      {/* The buttons over the cover: a box of the cover's size that lets clicks through where it has none. */}
      <div className="pointer-events-none absolute inset-x-0 top-0" style={{ height: coverHeight }}>
        {selectable && (
          <button
            type="button"
            role="checkbox"
            aria-checked={selected}
            aria-label={t('LabelSelectItem', { title })}
            title={t('LabelSelectItem', { title })}
            onClick={(event) => {
              event.preventDefault()
              toggleSelected(event.shiftKey)
            }}
            className={cn(
              'pointer-events-auto absolute top-1.5 start-1.5 z-10 flex size-7 items-center justify-center rounded-full border-2 transition',
              selected
                ? 'border-primary bg-primary text-primary-fg'
                : 'border-white/90 bg-black/40 text-transparent hover:text-white/80',
              // Touch screens have no hover: the box stays visible there.
              !selectionMode &&
                'opacity-0 group-hover:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100',
            )}
            data-testid="item-card-select"
          >
            <Icon name="check" className="size-4" />
          </button>
        )}
        {showActions && item.mediaType === 'book' && itemTrackCount(item) === 0 && ebookFormat && (
          <ReadButton
            variant="icon"
            libraryItemId={item.id}
            title={title}
            className="pointer-events-auto absolute top-2 end-2 opacity-0 group-hover:opacity-100 focus:opacity-100"
            testId="item-card-read"
          />
        )}
        {showActions && item.mediaType === 'book' && itemTrackCount(item) > 0 && (
          <PlayButton
            variant="icon"
            libraryItemId={item.id}
            title={title}
            className="pointer-events-auto absolute top-2 end-2 opacity-0 group-hover:opacity-100 focus:opacity-100"
            testId="item-card-play"
          />
        )}
        {showActions && item.mediaType === 'book' && (
          <ItemMoreMenu
            variant="card"
            queueEntry={bookQueueEntry(item, title)}
            queueable={itemTrackCount(item) > 0}
            lists={{
              libraryItemId: item.id,
              libraryId: item.libraryId,
              isBook: true,
              playable: itemTrackCount(item) > 0,
            }}
            onRead={ebookFormat && itemTrackCount(item) > 0 ? () => openEreader(item.id) : undefined}
            shareItemId={itemTrackCount(item) > 0 ? item.id : undefined}
            className="pointer-events-auto absolute end-2 bottom-2 opacity-0 group-hover:opacity-100 focus-within:opacity-100"
            testId="item-card-more"
          >
            {menuRows}
          </ItemMoreMenu>
        )}
        {showActions && canEdit && (
          <button
            type="button"
            onClick={() => openEditModal(item.id)}
            aria-label={t('ButtonEditItem', { title })}
            title={t('ButtonEdit')}
            className="pointer-events-auto absolute bottom-2 start-2 flex size-8 items-center justify-center rounded-full bg-black/60 text-white opacity-0 transition group-hover:opacity-100 focus:opacity-100 hover:bg-black/80"
            data-testid="item-card-edit"
          >
            <Icon name="edit" className="size-4" />
          </button>
        )}
      </div>
    </div>
  )
})
