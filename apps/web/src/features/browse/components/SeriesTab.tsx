import type { FilterGroup, Library, SeriesWithBooks } from '@shelfcast/contracts'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingBox, coverAspectRatio } from '@/components/ui/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { browseKeys, fetchSeriesPage, type SeriesListParams } from '../api.ts'
import { FILTER_ALL, filterMenuGroups, normalizeFilter } from '../model/filters.ts'
import { ActiveFilter } from './ActiveFilter.tsx'
import { BookshelfLayout } from './BookshelfLayout.tsx'
import { FilterMenu } from './FilterMenu.tsx'
import { SortMenu } from './SortMenu.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { SeriesCard } from './SeriesCard.tsx'
import { VirtualPagedGrid } from './VirtualPagedGrid.tsx'
import { useCardGeometry } from '../hooks/useCardGeometry.ts'
import { countText } from '../model/counts.ts'

const seriesSortOptions = [
  { key: 'name', labelKey: 'LabelName' },
  { key: 'numBooks', labelKey: 'LabelNumberOfBooks' },
  { key: 'addedAt', labelKey: 'LabelAddedAt' },
  { key: 'totalDuration', labelKey: 'LabelTotalDuration' },
  { key: 'lastBookAdded', labelKey: 'LabelLastBookAdded' },
  { key: 'lastBookUpdated', labelKey: 'LabelLastBookUpdated' },
]
/** A series matches a filter through its books; these groups say something about a series. */
const seriesFilterGroups: FilterGroup[] = [
  'genres',
  'tags',
  'authors',
  'narrators',
  'publishers',
  'languages',
  'progress',
]

/** /library/:libraryId/bookshelf/series: every series as a fan of its covers, paged like the bookshelf. */
export function SeriesTab() {
  return <CurrentLibraryPage>{(library) => <SeriesGrid library={library} />}</CurrentLibraryPage>
}

function SeriesGrid({ library }: { library: Library }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const detail = useLibraryDetail(library.id)
  const settings = useUserSettings((s) => s.settings)
  const update = useUserSettings((s) => s.update)
  const [total, setTotal] = useState<number | null>(null)
  const aspectRatio = coverAspectRatio(library.settings.coverAspectRatio === 1)
  // Series cards always show their name and count: the view does not change their size.
  const geometry = useCardGeometry({
    kind: 'series',
    coverSize: settings.bookshelfCoverSize,
    view: 'detail',
    aspectRatio,
  })
  const filterBy = normalizeFilter(settings.seriesFilterBy)
  const params: SeriesListParams = {
    sortBy: seriesSortOptions.some((o) => o.key === settings.seriesSortBy) ? settings.seriesSortBy : 'name',
    sortDesc: settings.seriesSortDesc,
    filterBy,
  }
  // The grid keys its pages by `params`; the fetch itself needs no memoising.
  const fetchPage = (page: number, limit: number, signal: AbortSignal) =>
    fetchSeriesPage(api, library.id, params, page, limit, signal)
  const renderCard = useCallback(
    (series: SeriesWithBooks) => (
      <SeriesCard series={series} coverWidth={geometry.coverWidth} aspectRatio={aspectRatio} />
    ),
    [geometry.coverWidth, aspectRatio],
  )
  const groups = filterMenuGroups('book', detail.data?.filterdata).filter((g) =>
    seriesFilterGroups.includes(g.group),
  )
  const setFilter = (value: string) => update({ seriesFilterBy: normalizeFilter(value) })

  return (
    <BookshelfLayout
      library={library}
      title={t('ButtonSeries')}
      count={total === null ? null : countText(t, 'Series', total)}
      controls={
        <>
          <SortMenu
            testId="series-sort-menu"
            options={seriesSortOptions}
            value={params.sortBy}
            desc={params.sortDesc}
            onChange={(seriesSortBy, seriesSortDesc) => update({ seriesSortBy, seriesSortDesc })}
          />
          <FilterMenu testId="series-filter-menu" groups={groups} value={filterBy} onChange={setFilter} />
        </>
      }
      below={
        filterBy !== FILTER_ALL ? (
          <ActiveFilter
            value={filterBy}
            filterData={detail.data?.filterdata}
            onClear={() => setFilter(FILTER_ALL)}
          />
        ) : undefined
      }
    >
      <VirtualPagedGrid<SeriesWithBooks>
        testId="series-grid"
        queryKey={browseKeys.seriesList(library.id, params)}
        fetchPage={fetchPage}
        geometry={geometry}
        renderCard={renderCard}
        onTotal={setTotal}
        loading={<LoadingBox message={t('MessageLoading')} />}
        error={(error, retry) => <ListError error={error} onRetry={retry} />}
        empty={<EmptyState icon="series" title={t('MessageNoSeries')} />}
      />
    </BookshelfLayout>
  )
}
