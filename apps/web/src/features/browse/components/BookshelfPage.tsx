import type { Library } from '@shelfcast/contracts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, LoadingBox, Toggle, coverAspectRatio } from '@/components/ui/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { publishBookshelfPage } from '@/lib/item-edit-modal.ts'
import { browseKeys, fetchItemsPage, type ItemListParams } from '../api.ts'
import { useBookshelfSettings } from '../hooks/useBookshelfSettings.ts'
import { useCardGeometry } from '../hooks/useCardGeometry.ts'
import { shelfPageIds, usePublishShelfIds } from '../hooks/usePublishShelfIds.ts'
import { useShelfSelectionRange } from '../hooks/useShelfSelectionRange.ts'
import { countText } from '../model/counts.ts'
import { FILTER_ALL, filterMenuGroups, parseFilter } from '../model/filters.ts'
import type { AnyItem } from '../model/item-view.ts'
import { sortCaption, sortOptions } from '../model/sort.ts'
import { ActiveFilter } from './ActiveFilter.tsx'
import { BookshelfLayout } from './BookshelfLayout.tsx'
import { FilterMenu } from './FilterMenu.tsx'
import { SortMenu } from './SortMenu.tsx'
import { CoverSizeControl, ViewToggle } from './ViewControls.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { ItemCard } from './ItemCard.tsx'
import { RemoveIssuesButton } from './RemoveIssuesButton.tsx'
import { VirtualPagedGrid } from './VirtualPagedGrid.tsx'

/** /library/:libraryId/bookshelf: the whole library as a virtualised, server-paged grid. */
export function BookshelfPage() {
  return <CurrentLibraryPage>{(library) => <Bookshelf library={library} />}</CurrentLibraryPage>
}

function Bookshelf({ library }: { library: Library }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const detail = useLibraryDetail(library.id)
  const shelf = useBookshelfSettings(library.mediaType)
  const { settings, filterBy, update } = shelf
  const isBook = library.mediaType === 'book'
  const aspectRatio = coverAspectRatio(library.settings.coverAspectRatio === 1)
  const [total, setTotal] = useState<number | null>(null)
  const isAdmin = useSessionStore((s) => (s.user ? isAdminOrUp(s.user.type) : false))

  const params: ItemListParams = {
    orderBy: settings.orderBy,
    orderDesc: settings.orderDesc,
    filterBy,
    collapseSeries: isBook && settings.collapseSeries && parseFilter(filterBy)?.group !== 'series',
  }
  // The grid keys its pages by `params`; the fetch itself needs no memoising.
  // Each loaded page also tells the edit modal which books are on the shelf (its previous/next arrows).
  const fetchPage = async (page: number, limit: number, signal: AbortSignal) => {
    const answer = await fetchItemsPage(api, library.id, params, page, limit, signal)
    publishBookshelfPage(page * limit, shelfPageIds(answer.results as AnyItem[]))
    return answer
  }

  usePublishShelfIds(browseKeys.itemsList(library.id, params))
  useShelfSelectionRange(browseKeys.itemsList(library.id, params))

  // Another sort or filter is another list: start it at the top.
  const paramsKey = JSON.stringify(params)
  const shownKey = useRef(paramsKey)
  useEffect(() => {
    if (shownKey.current === paramsKey) return
    shownKey.current = paramsKey
    window.scrollTo({ top: 0 })
  }, [paramsKey])

  const caption = sortCaption(settings.orderBy)
  const kind = isBook ? 'book' : 'podcast'
  const coverSize = settings.bookshelfCoverSize
  const showSubtitle = settings.showSubtitles
  const geometry = useCardGeometry({ kind, coverSize, view: shelf.view, aspectRatio, showSubtitle })
  const coverWidth = geometry.coverWidth
  const renderCard = useCallback(
    (item: AnyItem, index: number) => (
      <ItemCard
        item={item}
        selectionIndex={index}
        width={coverWidth}
        aspectRatio={aspectRatio}
        view={shelf.view}
        caption={caption}
        showSubtitle={settings.showSubtitles}
        // The grid only renders rows at the viewport: lazy loading would only delay these covers.
        eager
      />
    ),
    [coverWidth, aspectRatio, shelf.view, caption, settings.showSubtitles],
  )

  const filtered = filterBy !== FILTER_ALL

  return (
    <BookshelfLayout
      library={library}
      title={t('ButtonLibrary')}
      count={total === null ? null : countText(t, isBook ? 'Book' : 'Podcast', total)}
      controls={
        <>
          <SortMenu
            options={sortOptions(library.mediaType, filterBy)}
            value={settings.orderBy}
            desc={settings.orderDesc}
            onChange={(orderBy, orderDesc) => update({ orderBy, orderDesc })}
          />
          <FilterMenu
            groups={filterMenuGroups(library.mediaType, detail.data?.filterdata)}
            value={filterBy}
            onChange={shelf.setFilter}
          />
          {isBook && (
            <Toggle
              label={t('LabelCollapseSeries')}
              checked={settings.collapseSeries}
              onChange={(collapseSeries) => update({ collapseSeries })}
              testId="collapse-series"
              className="items-center"
            />
          )}
          <ViewToggle view={shelf.view} onChange={shelf.setView} />
          <CoverSizeControl
            size={settings.bookshelfCoverSize}
            onChange={(bookshelfCoverSize) => update({ bookshelfCoverSize })}
          />
        </>
      }
      below={
        filtered ? (
          <div className="flex flex-wrap items-center gap-3">
            <ActiveFilter
              value={filterBy}
              filterData={detail.data?.filterdata}
              onClear={() => shelf.setFilter(FILTER_ALL)}
            />
            {filterBy === 'issues' && isAdmin && !!total && (
              <RemoveIssuesButton libraryId={library.id} count={total} />
            )}
          </div>
        ) : undefined
      }
    >
      <VirtualPagedGrid<AnyItem>
        testId="bookshelf-grid"
        queryKey={browseKeys.itemsList(library.id, params)}
        fetchPage={fetchPage}
        geometry={geometry}
        renderCard={renderCard}
        onTotal={setTotal}
        loading={<LoadingBox message={t('MessageLoading')} />}
        error={(error, retry) => <ListError error={error} onRetry={retry} />}
        empty={
          <EmptyState
            testId="bookshelf-empty"
            icon={filtered ? 'filter' : 'library'}
            title={
              filterBy === 'issues'
                ? t('MessageNoIssues')
                : filtered
                  ? t('MessageNoItemsMatchFilter')
                  : t('MessageLibraryEmpty')
            }
            hint={filtered ? undefined : t('MessageLibraryEmptyHint')}
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => shelf.setFilter(FILTER_ALL)}>
                  {t('ButtonClearFilter')}
                </Button>
              ) : undefined
            }
          />
        }
      />
    </BookshelfLayout>
  )
}
