import type { Library } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { LoadingBox, coverAspectRatio, coverBox } from '@/components/ui/index.ts'
import {
  AuthorCard,
  CurrentLibraryPage,
  EmptyState,
  ItemCard,
  SeriesCard,
  bookshelfFilterPath,
} from '@/features/browse/index.ts'
import { useLibrarySearch } from '../api.ts'
import { searchGroups, type SearchGroup } from '../model/search-state.ts'

/** Hits per group on the full search page. */
const PAGE_LIMIT = 25

/** /library/:libraryId/search?q=: every group of results with cards. */
export function SearchPage() {
  return <CurrentLibraryPage>{(library) => <SearchResults library={library} />}</CurrentLibraryPage>
}

function SearchResults({ library }: { library: Library }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const query = useLibrarySearch(library.id, q, PAGE_LIMIT)
  const groups = query.data ? searchGroups(query.data) : []

  return (
    <div className="px-4 py-8 md:px-8" data-testid="search-page">
      <h1 className="text-2xl font-bold tracking-tight">
        {q ? t('HeaderSearchResultsFor', { query: q }) : t('LabelSearch')}
      </h1>
      {!q ? (
        <EmptyState icon="library" title={t('MessageSearchPrompt')} />
      ) : query.isPending ? (
        <LoadingBox message={t('MessageFetching')} />
      ) : groups.length === 0 ? (
        <EmptyState icon="library" title={t('MessageNoResults')} testId="search-no-results" />
      ) : (
        groups.map((group) => <GroupSection key={group.id} group={group} library={library} />)
      )}
    </div>
  )
}

function GroupSection({ group, library }: { group: SearchGroup; library: Library }) {
  const { t } = useTranslation()
  const aspectRatio = coverAspectRatio(library.settings.coverAspectRatio === 1)
  const cover = coverBox(120, aspectRatio)
  const chips = (entries: { key: string; to: string; label: string; count: number }[]) => (
    <ul className="flex flex-wrap gap-2">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link
            to={entry.to}
            className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm hover:border-primary/60"
          >
            {entry.label}
            <span className="text-xs text-muted tabular-nums">{entry.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  )

  const body = (() => {
    switch (group.id) {
      case 'books':
      case 'podcasts':
        return (
          <ul className="flex flex-wrap gap-6">
            {group.hits.map((hit) => (
              <li key={hit.libraryItem.id}>
                <ItemCard
                  item={hit.libraryItem}
                  width={cover.width}
                  aspectRatio={aspectRatio}
                  view="detail"
                />
              </li>
            ))}
          </ul>
        )
      case 'episodes':
        return (
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {group.hits.map((hit) => (
              <li key={hit.libraryItem.recentEpisode.id}>
                <Link
                  to={`/item/${hit.libraryItem.id}`}
                  className="block px-4 py-2.5 hover:bg-surface-raised"
                >
                  <span className="block font-medium">{hit.libraryItem.recentEpisode.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      case 'authors':
        return (
          <ul className="flex flex-wrap gap-6">
            {group.hits.map((author) => (
              <li key={author.id}>
                <AuthorCard author={author} width={cover.height} />
              </li>
            ))}
          </ul>
        )
      case 'series':
        return (
          <ul className="flex flex-wrap gap-6">
            {group.hits.map((hit) => (
              <li key={hit.series.id}>
                <SeriesCard
                  series={{ ...hit.series, books: hit.books }}
                  coverWidth={cover.width}
                  aspectRatio={aspectRatio}
                />
              </li>
            ))}
          </ul>
        )
      case 'tags':
      case 'genres':
        return chips(
          group.hits.map((hit) => ({
            key: hit.name,
            to: bookshelfFilterPath(library.id, group.id, hit.name),
            label: hit.name,
            count: hit.numItems,
          })),
        )
      case 'narrators':
        return chips(
          group.hits.map((hit) => ({
            key: hit.name,
            to: bookshelfFilterPath(library.id, 'narrators', hit.name),
            label: hit.name,
            count: hit.numBooks,
          })),
        )
    }
  })()

  return (
    <section className="mt-8" aria-label={t(group.labelKey)} data-testid={`search-group-${group.id}`}>
      <h2 className="mb-3 text-lg font-semibold">{t(group.labelKey)}</h2>
      {body}
    </section>
  )
}
