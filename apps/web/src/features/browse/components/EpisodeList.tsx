import { formatNumber } from '@/lib/format.ts'
import type { MediaProgress, PodcastEpisode } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useDeferredValue, useEffect, useMemo, useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, Menu, MenuRow, ProgressBar, cn } from '@/components/ui/index.ts'
import { PlayButton, QueueToggleButton } from '@/features/player/index.ts'
import { openAddToPlaylist } from '@/lib/add-to-list-modal.ts'
import {
  openEpisodeEdit,
  openEpisodeView,
  openRemoveEpisodes,
  setEpisodeTableEpisodeIds,
} from '@/lib/episode-modals.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate, secondsToTimestamp } from '@/lib/time-format.ts'
import { useWindowListOffset } from '@/lib/window-list-offset.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { useSetFinished } from '../hooks/useProgressActions.ts'
import { countText } from '../model/counts.ts'
import {
  asEpisodeFilter,
  asEpisodeSortKey,
  episodeFilters,
  episodeProgressIndex,
  episodeSortKeys,
  episodeState,
  episodeTableRows,
  episodeTimeLeft,
  type EpisodeFilter,
  type EpisodeSortKey,
} from '../model/episodes.ts'
import { episodeQueueEntry } from '../model/queue-entry.ts'

/** Fixed row height: the table is window-virtualised, so 5,000 episodes keep a screenful in the page. */
export const EPISODE_ROW_HEIGHT = 96
const OVERSCAN_ROWS = 6

const sortLabelKeys: Record<EpisodeSortKey, string> = {
  publishedAt: 'LabelPubDate',
  title: 'LabelTitle',
  season: 'LabelSeason',
  episode: 'LabelEpisode',
  duration: 'LabelDuration',
}
const filterLabelKeys: Record<EpisodeFilter, string> = {
  all: 'LabelAll',
  incomplete: 'LabelIncomplete',
  inProgress: 'LabelInProgress',
  complete: 'LabelComplete',
}
const typeLabelKeys: Record<string, string> = {
  trailer: 'LabelEpisodeTypeTrailer',
  bonus: 'LabelEpisodeTypeBonus',
}

export interface EpisodePodcast {
  libraryItemId: string
  libraryId: string
  title: string
  coverPath: string | null
}

/**
 * A podcast's episodes (spec §2 podcast page): search by title, filter by the user's progress, sort by
 * date, title, season, episode or duration either way, and a window-virtualised list of rows that play,
 * queue, add to a playlist, mark finished, edit or remove their episode. A click on a row opens the
 * episode view; admins tick rows to remove several. The shown order is published for the edit modal's
 * arrows (`episodeTableEpisodeIds`).
 */
export function EpisodeList({
  episodes,
  podcast,
}: {
  episodes: readonly PodcastEpisode[]
  podcast: EpisodePodcast
}) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const [search, setSearch] = useState('')
  // Sort and filter are remembered on this device, like the bookshelf's.
  const settings = useUserSettings((s) => s.settings)
  const updateSettings = useUserSettings((s) => s.update)
  const filter = asEpisodeFilter(settings.episodesFilterBy)
  const sort = useMemo(
    () => ({ key: asEpisodeSortKey(settings.episodesSortBy), desc: settings.episodesSortDesc }),
    [settings.episodesSortBy, settings.episodesSortDesc],
  )
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const query = useDeferredValue(search)
  const isAdmin = !!user && isAdminOrUp(user.type)
  const selectable = isAdmin && !!user?.permissions.delete

  const progress = useMemo(
    () => episodeProgressIndex(user, podcast.libraryItemId),
    [user, podcast.libraryItemId],
  )
  const rows = useMemo(
    () => episodeTableRows(episodes, { progress, filter, search: query, sort: sort.key, desc: sort.desc }),
    [episodes, progress, filter, query, sort],
  )
  useEffect(() => setEpisodeTableEpisodeIds(rows.map((e) => e.id)), [rows])

  // Ticks of episodes that are gone (removed, or a new item) are dropped.
  const selectedShown = useMemo(() => {
    if (selected.size === 0) return selected
    const ids = new Set(episodes.map((e) => e.id))
    return new Set([...selected].filter((id) => ids.has(id)))
  }, [selected, episodes])

  const toggleSelected = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const removeSelected = () =>
    openRemoveEpisodes({
      libraryItemId: podcast.libraryItemId,
      episodes: episodes.filter((e) => selectedShown.has(e.id)).map((e) => ({ id: e.id, title: e.title })),
      onDone: () => setSelected(new Set()),
    })

  return (
    <section className="mt-10" aria-labelledby="episodes-heading" data-testid="episodes-table">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="episodes-heading" className="text-xl font-semibold">
          {t('HeaderEpisodes')}
        </h2>
        <span className="text-sm text-muted" data-testid="episodes-count">
          {countText(t, 'Episode', rows.length)}
        </span>
        <div className="ms-auto flex flex-wrap items-center gap-2">
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('LabelSearchEpisodes')}
            aria-label={t('LabelSearchEpisodes')}
            className="h-9 w-48 rounded-lg border border-border bg-bg px-3 text-sm text-fg outline-none placeholder:text-muted focus:border-primary focus:ring-2 focus:ring-primary/30"
            data-testid="episodes-search"
          />
          <select
            value={filter}
            onChange={(event) => updateSettings({ episodesFilterBy: asEpisodeFilter(event.target.value) })}
            aria-label={t('LabelFilterBy')}
            className="h-9 rounded-lg border border-border bg-bg px-2 text-sm text-fg"
            data-testid="episodes-filter"
          >
            {episodeFilters.map((f) => (
              <option key={f} value={f}>
                {t(filterLabelKeys[f])}
              </option>
            ))}
          </select>
          <select
            value={sort.key}
            onChange={(event) => {
              const key = asEpisodeSortKey(event.target.value)
              updateSettings({ episodesSortBy: key, episodesSortDesc: key === 'publishedAt' })
            }}
            aria-label={t('LabelSortBy')}
            className="h-9 rounded-lg border border-border bg-bg px-2 text-sm text-fg"
            data-testid="episodes-sort"
          >
            {episodeSortKeys.map((key) => (
              <option key={key} value={key}>
                {t(sortLabelKeys[key])}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => updateSettings({ episodesSortDesc: !sort.desc })}
            aria-label={t(sort.desc ? 'LabelSortDescending' : 'LabelSortAscending')}
            title={t(sort.desc ? 'LabelSortDescending' : 'LabelSortAscending')}
            className="flex h-9 w-9 items-center justify-center rounded-lg border border-border text-muted hover:text-fg"
            data-testid="episodes-sort-direction"
          >
            <Icon name={sort.desc ? 'arrowDown' : 'arrowUp'} className="size-4" />
          </button>
        </div>
      </div>

      {selectable && selectedShown.size > 0 && (
        <div
          className="mb-3 flex items-center gap-3 rounded-lg bg-surface-raised px-3 py-2 text-sm"
          data-testid="episodes-selection"
        >
          <span>
            {t('LabelEpisodesSelected', {
              count: selectedShown.size,
              formatted: formatNumber(selectedShown.size),
            })}
          </span>
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            {t('ButtonCancel')}
          </Button>
          <Button variant="danger" onClick={removeSelected} data-testid="episodes-remove-selected">
            {t('ButtonRemoveEpisodes', {
              count: selectedShown.size,
              formatted: formatNumber(selectedShown.size),
            })}
          </Button>
        </div>
      )}

      {rows.length === 0 ? (
        <p className="rounded-lg border border-border px-4 py-8 text-center text-sm text-muted">
          {episodes.length === 0 ? t('MessageNoEpisodes') : t('MessageNoEpisodesMatch')}
        </p>
      ) : (
        <EpisodeRows
          rows={rows}
          progress={progress}
          podcast={podcast}
          selectable={selectable}
          selected={selectedShown}
          onSelect={toggleSelected}
        />
      )}
    </section>
  )
}

function EpisodeRows({
  rows,
  progress,
  podcast,
  selectable,
  selected,
  onSelect,
}: {
  rows: readonly PodcastEpisode[]
  progress: ReadonlyMap<string, MediaProgress>
  podcast: EpisodePodcast
  selectable: boolean
  selected: ReadonlySet<string>
  onSelect: (id: string, on: boolean) => void
}) {
  const { ref: containerRef, scrollMargin } = useWindowListOffset()
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => EPISODE_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey: (index) => rows[index]!.id,
  })
  return (
    <div
      ref={containerRef}
      role="list"
      className="relative w-full rounded-lg border border-border"
      style={{ height: rows.length * EPISODE_ROW_HEIGHT }}
      data-testid="episode-rows"
      data-count={rows.length}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const episode = rows[virtual.index]!
        return (
          <div
            key={virtual.key}
            // An open menu stays above the rows after it (each row is its own stacking context).
            className="absolute top-0 start-0 w-full focus-within:z-10 has-[[aria-expanded=true]]:z-10"
            style={{
              height: EPISODE_ROW_HEIGHT,
              transform: `translateY(${virtual.start - scrollMargin}px)`,
            }}
          >
            <EpisodeRow
              episode={episode}
              progress={progress.get(episode.id)}
              podcast={podcast}
              index={virtual.index}
              count={rows.length}
              selectable={selectable}
              selected={selected.has(episode.id)}
              onSelect={onSelect}
            />
          </div>
        )
      })}
    </div>
  )
}

const EpisodeRow = memo(function EpisodeRow({
  episode,
  progress,
  podcast,
  index,
  count,
  selectable,
  selected,
  onSelect,
}: {
  episode: PodcastEpisode
  progress: MediaProgress | undefined
  podcast: EpisodePodcast
  index: number
  count: number
  selectable: boolean
  selected: boolean
  onSelect: (id: string, on: boolean) => void
}) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const canUpdate = useSessionStore((s) => !!s.user?.permissions.update)
  const canDelete = useSessionStore((s) => !!s.user?.permissions.delete)
  const finishedMutation = useSetFinished()
  const published = episode.publishedAt ? formatDate(episode.publishedAt, dateFormat) : ''
  const queueItem = episodeQueueEntry(episode, podcast, published || null)
  const state = episodeState(progress)
  const left = episodeTimeLeft(episode, progress)
  const ref = { libraryItemId: episode.libraryItemId, episodeId: episode.id }
  const typeKey = episode.episodeType ? typeLabelKeys[episode.episodeType] : undefined

  // A click anywhere on the row but its controls opens the episode view.
  const onRowClick = (event: MouseEvent) => {
    if (
      (event.target as HTMLElement).closest('button, a, input, label, select, [data-testid="episode-more"]')
    )
      return
    openEpisodeView(ref)
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the row is a shortcut for its title link, which keyboards use
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={count}
      onClick={onRowClick}
      className={cn(
        'flex h-full cursor-pointer items-center gap-3 border-b border-border px-3 transition-colors hover:bg-surface-raised',
        selected && 'bg-primary/10',
      )}
      data-testid="episode-row"
      data-episode-id={episode.id}
    >
      {selectable && (
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(episode.id, event.target.checked)}
          aria-label={t('LabelSelectItem', { title: episode.title })}
          className="size-4 shrink-0 accent-[var(--theme-primary)]"
          data-testid="episode-select"
        />
      )}
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => openEpisodeView(ref)}
          className="block max-w-full truncate text-start font-medium hover:underline"
          data-testid="episode-title"
        >
          {episode.title}
        </button>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          {episode.season && (
            <span className="rounded bg-surface-raised px-1.5 py-0.5" data-testid="episode-season">
              {t('LabelSeasonNumber', { number: episode.season })}
            </span>
          )}
          {episode.episode && (
            <span className="rounded bg-surface-raised px-1.5 py-0.5" data-testid="episode-number">
              {t('LabelEpisodeNumber', { number: episode.episode })}
            </span>
          )}
          {typeKey && (
            <span className="rounded bg-primary/20 px-1.5 py-0.5 text-fg" data-testid="episode-type">
              {t(typeKey)}
            </span>
          )}
          {published && <span>{published}</span>}
          {episode.duration > 0 && (
            <span className="tabular-nums">{secondsToTimestamp(episode.duration)}</span>
          )}
        </div>
        <div className="mt-1.5 h-4 text-xs" data-testid="episode-progress" data-state={state}>
          {state === 'finished' ? (
            <span className="inline-flex items-center gap-1 text-success">
              <Icon name="check" className="size-3.5" />
              {t('LabelFinished')}
            </span>
          ) : state === 'inProgress' ? (
            <span className="flex items-center gap-2">
              <ProgressBar
                value={progress?.progress ?? 0}
                label={t('LabelProgress')}
                className="h-1 w-32 rounded-full"
              />
              {left !== null && (
                <span className="text-muted">
                  {t('LabelTimeRemaining', { time: secondsToTimestamp(left) })}
                </span>
              )}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {episode.audioFile && (
          <PlayButton
            variant="icon"
            libraryItemId={episode.libraryItemId}
            episodeId={episode.id}
            title={episode.title}
            className="size-9"
            testId="episode-play"
            queueItem={queueItem}
          />
        )}
        {episode.audioFile && (
          <QueueToggleButton entry={queueItem} className="hover:bg-surface" testId="episode-queue-toggle" />
        )}
        {episode.audioFile && (
          <RowIconButton
            label={t('ButtonAddToPlaylist')}
            icon="playlists"
            testId="episode-add-to-playlist"
            onClick={() => openAddToPlaylist(podcast.libraryId, [ref])}
          />
        )}
        <RowIconButton
          label={t(state === 'finished' ? 'ButtonMarkAsNotFinished' : 'ButtonMarkAsFinished')}
          icon="check"
          pressed={state === 'finished'}
          disabled={finishedMutation.isPending}
          testId="episode-toggle-finished"
          onClick={() => finishedMutation.mutate({ ...ref, isFinished: state !== 'finished' })}
        />
        {(canUpdate || canDelete) && (
          <Menu
            label={t('LabelMoreActions')}
            buttonContent={<Icon name="more" className="size-4" />}
            buttonClassName="h-8 w-8 justify-center border-0 px-0"
            align="end"
            panelClassName="w-44"
            testId="episode-more"
          >
            {canUpdate && (
              <MenuRow testId="episode-menu-edit" onClick={() => openEpisodeEdit(ref)}>
                {t('ButtonEdit')}
              </MenuRow>
            )}
            {canDelete && (
              <MenuRow
                testId="episode-menu-remove"
                onClick={() =>
                  openRemoveEpisodes({
                    libraryItemId: episode.libraryItemId,
                    episodes: [{ id: episode.id, title: episode.title }],
                  })
                }
              >
                {t('ButtonRemove')}
              </MenuRow>
            )}
          </Menu>
        )}
      </div>
    </div>
  )
})

function RowIconButton({
  label,
  icon,
  onClick,
  testId,
  pressed,
  disabled,
}: {
  label: string
  icon: 'playlists' | 'check'
  onClick: () => void
  testId: string
  pressed?: boolean
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="rounded p-1.5 text-muted hover:bg-surface hover:text-fg disabled:opacity-50 aria-pressed:text-success"
      data-testid={testId}
    >
      <Icon name={icon} className="size-4" />
    </button>
  )
}
