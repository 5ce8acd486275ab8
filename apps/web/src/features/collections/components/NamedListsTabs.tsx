import type { Collection, Library, Playlist } from '@shelfcast/contracts'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingBox, coverAspectRatio } from '@/components/ui/index.ts'
import {
  countText,
  CurrentLibraryPage,
  EmptyState,
  useCardGeometry,
  type PageAnswer,
} from '@/features/browse/index.ts'
import { BookshelfLayout, VirtualPagedGrid } from '@/features/browse/on-demand.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { collectionKeys, fetchCollectionsPage, fetchPlaylistsPage, playlistKeys } from '../api.ts'
import { collectionView, playlistView, type ListKind, type NamedListView } from '../model/list-view.ts'
import { ListLoadError } from './ListLoadError.tsx'
import { NamedListCard } from './NamedListCard.tsx'

/** /library/:libraryId/bookshelf/collections: the library's collections as cards, paged from the server. */
export function CollectionsTab() {
  return (
    <CurrentLibraryPage>
      {(library) => (
        <NamedListsGrid<Collection>
          library={library}
          kind="collection"
          queryKey={collectionKeys.pages(library.id)}
          fetchList={fetchCollectionsPage}
          toView={collectionView}
        />
      )}
    </CurrentLibraryPage>
  )
}

/** /library/:libraryId/bookshelf/playlists: the user's playlists in this library. */
export function PlaylistsTab() {
  return (
    <CurrentLibraryPage>
      {(library) => (
        <NamedListsGrid<Playlist>
          library={library}
          kind="playlist"
          queryKey={playlistKeys.pages(library.id)}
          fetchList={fetchPlaylistsPage}
          toView={playlistView}
        />
      )}
    </CurrentLibraryPage>
  )
}

const tabText: Record<
  ListKind,
  {
    title: string
    empty: string
    hint: string
    icon: 'collections' | 'playlists'
    noun: 'Collection' | 'Playlist'
  }
> = {
  collection: {
    noun: 'Collection',
    title: 'ButtonCollections',
    empty: 'MessageNoCollections',
    hint: 'MessageNoCollectionsHint',
    icon: 'collections',
  },
  playlist: {
    noun: 'Playlist',
    title: 'ButtonPlaylists',
    empty: 'MessageNoPlaylists',
    hint: 'MessageNoPlaylistsHint',
    icon: 'playlists',
  },
}

function NamedListsGrid<T>({
  library,
  kind,
  queryKey,
  fetchList,
  toView,
}: {
  library: Library
  kind: ListKind
  queryKey: readonly unknown[]
  fetchList: (
    api: ApiClient,
    libraryId: string,
    page: number,
    limit: number,
    signal: AbortSignal,
  ) => Promise<PageAnswer<T>>
  toView: (list: T) => NamedListView
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const [total, setTotal] = useState<number | null>(null)
  // The grid keys its pages by `queryKey`; the fetch itself needs no memoising.
  const fetchPage = (page: number, limit: number, signal: AbortSignal) =>
    fetchList(api, library.id, page, limit, signal)
  const coverSize = useUserSettings((s) => s.settings.bookshelfCoverSize)
  const aspectRatio = coverAspectRatio(library.settings.coverAspectRatio === 1)
  // List cards always show their name and count: the view does not change their size.
  const geometry = useCardGeometry({ kind: 'collection', coverSize, view: 'detail', aspectRatio })
  const text = tabText[kind]
  const renderCard = useCallback(
    (list: T) => (
      <NamedListCard list={toView(list)} coverWidth={geometry.coverWidth} aspectRatio={aspectRatio} />
    ),
    [toView, geometry.coverWidth, aspectRatio],
  )
  return (
    <BookshelfLayout
      library={library}
      title={t(text.title)}
      count={total === null ? null : countText(t, text.noun, total)}
    >
      <VirtualPagedGrid<T>
        testId={`${kind}s-grid`}
        queryKey={queryKey}
        fetchPage={fetchPage}
        geometry={geometry}
        renderCard={renderCard}
        onTotal={setTotal}
        loading={<LoadingBox message={t('MessageLoading')} />}
        error={(error, retry) => <ListLoadError error={error} onRetry={retry} />}
        empty={<EmptyState icon={text.icon} title={t(text.empty)} hint={t(text.hint)} />}
      />
    </BookshelfLayout>
  )
}
