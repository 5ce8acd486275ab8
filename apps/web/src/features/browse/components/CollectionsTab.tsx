import type { Library } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadingBox } from '@/components/ui/index.ts'
import { useCollections, usePlaylists } from '../api.ts'
import { BookshelfLayout } from './BookshelfLayout.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { countText } from '../model/counts.ts'

interface ListEntry {
  id: string
  name: string
  description: string | null
  count: number
  to: string
}

function NamedList({ entries, testId }: { entries: ListEntry[]; testId: string }) {
  const { t } = useTranslation()
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            to={entry.to}
            className="block rounded-2xl border border-border bg-surface p-4 transition hover:border-primary/50"
          >
            <p className="truncate font-semibold">{entry.name}</p>
            {entry.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{entry.description}</p>}
            <p className="mt-2 text-xs text-muted">{countText(t, 'Item', entry.count)}</p>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** A bookshelf tab listing named groups (collections, playlists), or saying honestly that there are none. */
function NamedListTab({
  library,
  titleKey,
  query,
  entries,
  icon,
  emptyKey,
  emptyHintKey,
  testId,
}: {
  library: Library
  titleKey: string
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  entries: ListEntry[]
  icon: 'collections' | 'playlists'
  emptyKey: string
  emptyHintKey: string
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <BookshelfLayout library={library} title={t(titleKey)}>
      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={icon} title={t(emptyKey)} hint={t(emptyHintKey)} />
      ) : (
        <NamedList entries={entries} testId={testId} />
      )}
    </BookshelfLayout>
  )
}

/** /library/:libraryId/bookshelf/collections: the library's collections. */
export function CollectionsTab() {
  return <CurrentLibraryPage>{(library) => <Collections library={library} />}</CurrentLibraryPage>
}

function Collections({ library }: { library: Library }) {
  const query = useCollections(library.id)
  const entries = (query.data ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    count: c.books.length,
    to: `/collection/${c.id}`,
  }))
  return (
    <NamedListTab
      library={library}
      titleKey={'ButtonCollections'}
      query={query}
      entries={entries}
      icon="collections"
      emptyKey={'MessageNoCollections'}
      emptyHintKey={'MessageNoCollectionsHint'}
      testId="collections-list"
    />
  )
}

/** /library/:libraryId/bookshelf/playlists: the user's playlists in this library. */
export function PlaylistsTab() {
  return <CurrentLibraryPage>{(library) => <Playlists library={library} />}</CurrentLibraryPage>
}

function Playlists({ library }: { library: Library }) {
  const query = usePlaylists(library.id)
  const entries = (query.data ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    count: p.items.length,
    to: `/playlist/${p.id}`,
  }))
  return (
    <NamedListTab
      library={library}
      titleKey={'ButtonPlaylists'}
      query={query}
      entries={entries}
      icon="playlists"
      emptyKey={'MessageNoPlaylists'}
      emptyHintKey={'MessageNoPlaylistsHint'}
      testId="playlists-list"
    />
  )
}
