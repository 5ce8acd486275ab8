import { formatNumber } from '@/lib/format.ts'
import type { Library } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, IconButton, LoadingBox } from '@/components/ui/index.ts'
import {
  MetaValueDialogs,
  useRemoveNarrator,
  useRenameNarrator,
  type MetaValueAction,
} from '@/features/item-metadata/on-demand.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useNarrators } from '../api.ts'
import { bookshelfFilterPath } from '../model/filters.ts'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { countText } from '../model/counts.ts'

type NarratorSort = 'name' | 'numBooks'

/** /library/:libraryId/narrators: every narrator with their number of books, each opening the filtered bookshelf. */
export function NarratorsPage() {
  return <CurrentLibraryPage>{(library) => <Narrators library={library} />}</CurrentLibraryPage>
}

function Narrators({ library }: { library: Library }) {
  const { t, i18n } = useTranslation()
  const query = useNarrators(library.id)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<NarratorSort>('name')
  // Admins rename (merging) and remove narrators across the library's books.
  const isAdmin = useSessionStore((s) => (s.user ? isAdminOrUp(s.user.type) : false))
  const rename = useRenameNarrator(library.id)
  const remove = useRemoveNarrator(library.id)
  const [action, setAction] = useState<MetaValueAction>(null)
  const needle = search.trim().toLowerCase()
  const narrators = (query.data?.narrators ?? [])
    .filter((n) => !needle || n.name.toLowerCase().includes(needle))
    .sort((a, b) =>
      sort === 'numBooks'
        ? b.numBooks - a.numBooks || a.name.localeCompare(b.name, i18n.language)
        : a.name.localeCompare(b.name, i18n.language),
    )

  const header = (key: NarratorSort, label: string, className: string) => (
    <th
      scope="col"
      className={className}
      aria-sort={sort === key ? (key === 'name' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => setSort(key)}
        className="inline-flex items-center gap-1 font-semibold hover:text-fg"
      >
        {label}
        {sort === key && <Icon name={key === 'name' ? 'arrowUp' : 'arrowDown'} className="size-3.5" />}
      </button>
    </th>
  )

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('ButtonNarrators')}</h1>
          {query.data && (
            <p className="text-sm text-muted" data-testid="narrators-count">
              {countText(t, 'Narrator', query.data.narrators.length)}
            </p>
          )}
        </div>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('LabelFilterNarrators')}
          aria-label={t('LabelFilterNarrators')}
          className="h-10 w-64 rounded-lg border border-border bg-surface px-3 text-sm text-fg outline-none focus:border-primary"
        />
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <LoadingBox message={t('MessageLoading')} />
        ) : query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.narrators.length === 0 ? (
          <EmptyState icon="narrators" title={t('MessageNoNarrators')} />
        ) : (
          <table
            className="w-full overflow-hidden rounded-2xl border border-border bg-surface text-sm"
            data-testid="narrators-table"
          >
            <thead className="bg-surface-raised text-start text-muted">
              <tr>
                {header('name', t('LabelName'), 'px-4 py-2.5')}
                {header('numBooks', t('LabelBooks'), 'w-28 px-4 py-2.5 text-end')}
                {isAdmin && (
                  <th scope="col" className="w-24 px-2 py-2.5">
                    <span className="sr-only">{t('LabelActions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {narrators.map((narrator) => (
                <tr
                  key={narrator.id}
                  className="[content-visibility:auto] [contain-intrinsic-size:auto_41px]"
                >
                  <td className="px-4 py-2.5">
                    <Link
                      to={bookshelfFilterPath(library.id, 'narrators', narrator.name)}
                      className="font-medium text-fg hover:text-primary hover:underline"
                    >
                      {narrator.name}
                    </Link>
                  </td>
                  <td className="px-4 py-2.5 text-end tabular-nums text-muted">
                    {formatNumber(narrator.numBooks)}
                  </td>
                  {isAdmin && (
                    <td className="px-2 py-1 text-end whitespace-nowrap">
                      <IconButton
                        icon="edit"
                        label={t('ButtonRenameValue', { name: narrator.name })}
                        title={t('ButtonRename')}
                        onClick={() => setAction({ type: 'rename', name: narrator.name })}
                      />
                      <IconButton
                        icon="trash"
                        tone="danger"
                        label={t('ButtonRemoveValue', { name: narrator.name })}
                        title={t('ButtonRemove')}
                        onClick={() => setAction({ type: 'remove', name: narrator.name })}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {isAdmin && (
        <MetaValueDialogs
          kind="narrator"
          names={query.data?.narrators.map((n) => n.name) ?? []}
          action={action}
          onDone={() => setAction(null)}
          rename={(from, to) => rename.mutateAsync({ from, to })}
          remove={(name) => remove.mutateAsync(name)}
        />
      )}
    </div>
  )
}
