import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { Button, Icon, LoadingBox, Menu, MenuRow } from '@/components/ui/index.ts'
import { useCurrentLibrary } from '@/features/libraries/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { openRssFeedModal } from '@/lib/rss-feed-modal.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useSeriesDetail } from '../api.ts'
import { useContinueSeriesVisibility } from '../continue-series-api.ts'
import { durationLabel } from '../model/duration.ts'
import { bookshelfFilterPath } from '../model/filters.ts'
import { BookGrid } from './BookGrid.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { countText } from '../model/counts.ts'
import { SeriesEditModal } from './SeriesEditModal.tsx'

/** /library/:libraryId/series/:seriesId: the series, its books in order and the user's progress through it. */
export function SeriesPage() {
  const { t } = useTranslation()
  const { libraryId = '', seriesId = '' } = useParams()
  const { current } = useCurrentLibrary()
  const query = useSeriesDetail(libraryId, seriesId)
  const isAdmin = useSessionStore((s) => (s.user ? isAdminOrUp(s.user.type) : false))
  const canEdit = useSessionStore((s) => !!s.user?.permissions.update)
  const hidden = useSessionStore((s) => !!s.user?.seriesHideFromContinueListening.includes(seriesId))
  const visibility = useContinueSeriesVisibility(libraryId)
  const [editing, setEditing] = useState(false)

  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) {
    // Also where a series removed while open (series_removed) ends up once its page refetches.
    return isApiError(query.error) && query.error.status === 404 ? (
      <EmptyState
        icon="series"
        title={t('MessageSeriesNotFound')}
        action={
          <Link
            to={`/library/${libraryId}/bookshelf/series`}
            className="text-sm font-medium text-primary hover:underline"
            data-testid="series-not-found-back"
          >
            {t('ButtonSeries')}
          </Link>
        }
      />
    ) : (
      <ListError error={query.error} onRetry={() => void query.refetch()} />
    )
  }
  const series = query.data
  const finished = series.progress?.libraryItemIdsFinished.length ?? 0
  const books = series.books

  return (
    <div className="px-4 py-8 md:px-8">
      <nav className="mb-4 text-sm">
        <Link
          to={`/library/${libraryId}/bookshelf/series`}
          className="inline-flex items-center gap-1 text-muted hover:text-fg"
        >
          <Icon name="chevronLeft" className="size-4" />
          {t('ButtonSeries')}
        </Link>
      </nav>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="bidi-own text-3xl font-bold tracking-tight" data-testid="series-name">
            {series.name}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {countText(t, 'Book', series.numBooks)}
            {series.totalDuration > 0 && ` · ${durationLabel(series.totalDuration)}`}
            {finished > 0 && ` · ${t('LabelFinishedOf', { finished, total: series.numBooks })}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          {canEdit && (
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="series-edit">
              <Icon name="edit" className="size-4" />
              {t('ButtonEdit')}
            </Button>
          )}
          {hidden && (
            <Menu
              label={t('LabelMoreActions')}
              buttonContent={<Icon name="more" className="size-5" />}
              align="end"
              testId="series-more"
            >
              <MenuRow
                testId="series-readd-continue"
                onClick={() =>
                  void visibility
                    .mutateAsync({ seriesId: series.id, hide: false })
                    // The menu goes as soon as the series is shown again: the toast must not depend on it.
                    .then(() => toast.success(t('ToastSeriesShownInContinue')))
                    .catch((error: unknown) =>
                      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`),
                    )
                }
              >
                {t('LabelReAddSeriesToContinueListening')}
              </MenuRow>
            </Menu>
          )}
          {isAdmin && (
            <Button
              variant="secondary"
              onClick={() =>
                openRssFeedModal({
                  entityType: 'series',
                  entityId: series.id,
                  title: series.name,
                  feed: series.rssFeed ?? null,
                  libraryId,
                })
              }
              data-testid="series-rss-feed"
            >
              <Icon name="rss" className={series.rssFeed ? 'size-4 text-warning' : 'size-4'} />
              {t(series.rssFeed ? 'ButtonRSSFeedOpen' : 'ButtonOpenRSSFeed')}
            </Button>
          )}
          <Link
            to={bookshelfFilterPath(libraryId, 'series', series.id)}
            className="text-sm font-medium text-primary hover:underline"
          >
            {t('ButtonShowInLibrary')}
          </Link>
        </div>
      </header>
      {series.description && (
        <p dir="auto" className="mt-4 max-w-3xl whitespace-pre-line text-sm text-fg/90">
          {series.description}
        </p>
      )}
      {editing && <SeriesEditModal libraryId={libraryId} series={series} onClose={() => setEditing(false)} />}
      <div className="mt-8">
        {books.length === 0 ? (
          <EmptyState icon="book" title={t('MessageNoBooksInSeries')} />
        ) : (
          <BookGrid
            testId="series-books"
            items={books}
            squareCovers={current?.settings.coverAspectRatio === 1}
            caption={(item) => {
              const sequence = books.find((b) => b.id === item.id)?.sequence
              return sequence ? t('LabelSequenceNumber', { sequence }) : null
            }}
          />
        )}
      </div>
    </div>
  )
}
