import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Glyph, Icon, LoadingBox, coverAspectRatio } from '@/components/ui/index.ts'
import { countText, durationLabel, EmptyState } from '@/features/browse/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { prefetchPlayer } from '@/features/player/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import type { ListActions } from '../hooks/list-actions.ts'
import { usePlayAll } from '../hooks/usePlayAll.ts'
import { totalDuration, type NamedListView } from '../model/list-view.ts'
import { EditListModal } from './EditListModal.tsx'
import { ListEntries } from './ListEntries.tsx'
import { ListLoadError } from './ListLoadError.tsx'
import { NamedListCover } from './NamedListCover.tsx'

const HEADER_COVER_WIDTH = 120

export interface ListPermissions {
  /** Name, description and order. */
  canEdit: boolean
  canRemoveEntries: boolean
  /** The edit modal's Remove button. */
  canDelete: boolean
}

/** /collection/:id and /playlist/:id: the header (cover, name, count, duration, actions) and the entries. */
export function NamedListPage({
  list,
  permissions,
  actions,
  extraActions,
}: {
  list: NamedListView
  permissions: ListPermissions
  actions: ListActions
  /** More header buttons after Edit (a collection's RSS feed). */
  extraActions?: ReactNode
}) {
  const { t } = useTranslation()
  const libraries = useLibraries()
  const library = libraries.data?.find((l) => l.id === list.libraryId)
  const aspectRatio = coverAspectRatio(library?.settings.coverAspectRatio === 1)
  const [editing, setEditing] = useState(false)
  const playAll = usePlayAll(list.entries)
  const count = list.total
  // A part of the list: its duration is not the list's, and reordering or playing it would lose the rest.
  const duration = list.partial ? 0 : totalDuration(list.entries)

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 md:px-8" data-testid={`${list.kind}-page`}>
      <header className="flex flex-col gap-6 md:flex-row md:items-end">
        <div className="shrink-0 self-center md:self-start">
          <NamedListCover list={list} coverWidth={HEADER_COVER_WIDTH} aspectRatio={aspectRatio} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t(list.kind === 'collection' ? 'HeaderCollection' : 'HeaderPlaylist')}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words" data-testid="list-name">
            {list.name}
          </h1>
          {list.description && (
            <p
              className="mt-2 max-w-3xl text-sm whitespace-pre-line text-fg/90"
              data-testid="list-description"
            >
              {list.description}
            </p>
          )}
          <p className="mt-2 text-sm text-muted" data-testid="list-summary">
            {list.kind === 'collection' ? countText(t, 'Book', count) : countText(t, 'Item', count)}
            {duration > 0 && (
              <>
                {' '}
                · {t('LabelTotalDuration')}: {durationLabel(duration)}
              </>
            )}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {playAll && !list.partial && (
              <Button
                onClick={playAll}
                // Intent to play: the player's engine is fetched ahead of the click.
                onPointerEnter={prefetchPlayer}
                onFocus={prefetchPlayer}
                data-testid="list-play-all"
              >
                <Glyph className="size-4">
                  <path d="M7 5v14l12-7z" fill="currentColor" />
                </Glyph>
                {t('ButtonPlayAll')}
              </Button>
            )}
            {permissions.canEdit && (
              <Button variant="secondary" onClick={() => setEditing(true)} data-testid="list-edit">
                <Icon name="edit" className="size-4" />
                {t('ButtonEdit')}
              </Button>
            )}
            {extraActions}
          </div>
        </div>
      </header>

      <section className="mt-8" aria-label={list.name}>
        {count === 0 ? (
          <EmptyState
            icon={list.kind === 'collection' ? 'collections' : 'playlists'}
            title={t(list.kind === 'collection' ? 'MessageEmptyCollection' : 'MessageEmptyPlaylist')}
          />
        ) : (
          <ListEntries
            entries={list.entries}
            aspectRatio={aspectRatio}
            canReorder={permissions.canEdit && count > 1 && !list.partial}
            canRemove={permissions.canRemoveEntries && !list.partial}
            onReorder={actions.reorder}
            onRemove={actions.removeEntry}
          />
        )}
      </section>

      <EditListModal
        open={editing}
        list={list}
        aspectRatio={aspectRatio}
        canDelete={permissions.canDelete}
        onClose={() => setEditing(false)}
        onSave={actions.save}
        onRemove={actions.remove}
      />
    </article>
  )
}

/** A list page's query: loading, not found (or not the user's), failed, else the page itself. */
export function ListQueryPage<T>({
  kind,
  query,
  children,
}: {
  kind: NamedListView['kind']
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (!query.isError) return children(query.data)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      {isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState
          icon={kind === 'collection' ? 'collections' : 'playlists'}
          title={t(kind === 'collection' ? 'MessageCollectionNotFound' : 'MessagePlaylistNotFound')}
        />
      ) : (
        <ListLoadError error={query.error} onRetry={() => void query.refetch()} />
      )}
    </div>
  )
}
