import type { Book, Podcast } from '@shelfcast/contracts'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { cn, Spinner } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { handlePlayerHotkey } from '../hotkeys.ts'
import {
  chapterAt,
  chapterRelativeTime,
  jumpAmountLabel,
  nextTarget,
  timeRemaining,
} from '../model/player-rules.ts'
import { playerController } from '../player-controller.ts'
import { sameQueueItem, usePlayerStore } from '../player-store.ts'
import { PlayerIcon, type PlayerIconName } from './PlayerIcon.tsx'
import { PlayerModals, type PlayerModalName } from './PlayerModals.tsx'
import { SeekTrack } from './SeekTrack.tsx'
import { sleepCountdownText } from './sleep-timer-text.ts'
import { SpeedControl } from './SpeedControl.tsx'
import { VolumeControl } from './VolumeControl.tsx'

/** The fixed bar at the bottom while something plays (mounted once by the main layout). */
export function PlayerBar() {
  const api = useApiClient()
  const controller = playerController()
  useEffect(() => controller.attach(api), [api, controller])
  const [modal, setModal] = useState<PlayerModalName | null>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        handlePlayerHotkey(event, controller, {
          openChapters: () => {
            // The toggle does nothing without chapters.
            if ((usePlayerStore.getState().session?.chapters.length ?? 0) > 0) setModal('chapters')
          },
        })
      )
        event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [controller])

  const session = usePlayerStore((s) => s.session)
  const starting = usePlayerStore((s) => s.libraryItemId)
  if (!session && !starting) return null
  return (
    <>
      <div className="h-32" aria-hidden="true" />
      <PlayerBarView onOpenModal={setModal} />
      <PlayerModals open={modal} onClose={() => setModal(null)} />
    </>
  )
}

function PlayerBarView({ onOpenModal }: { onOpenModal: (name: PlayerModalName) => void }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const controller = playerController()
  const { session, state, currentTime, bufferedTime, duration, volume, muted, sleepTimer, queue, bookmarks } =
    usePlayerStore()
  const settings = useUserSettings((s) => s.settings)
  const rate = settings.playbackRate
  const chapters = session?.chapters ?? []
  const chapter = chapterAt(chapters, currentTime)
  const chapterMode = settings.useChapterTrack && chapters.length > 0
  const trackChapter = chapterMode ? chapter : null
  const loading = state === 'LOADING' || !session
  const seeking = state === 'SEEK_LOADING'
  const isPodcast = session?.mediaType === 'podcast'
  const queueIndex = session
    ? queue.findIndex((q) =>
        sameQueueItem(q, { libraryItemId: session.libraryItemId, episodeId: session.episodeId }),
      )
    : -1
  const next = nextTarget(chapters, currentTime, queueIndex >= 0 && queueIndex < queue.length - 1)
  const shownTime = trackChapter ? chapterRelativeTime(trackChapter, currentTime) : currentTime
  const shownDuration = trackChapter ? trackChapter.end - trackChapter.start : duration
  const percent = duration > 0 ? Math.round((currentTime / duration) * 100) : 0

  const item = session?.libraryItem
  const coverUrl =
    item?.media.coverPath && session
      ? /^https?:\/\//.test(item.media.coverPath)
        ? item.media.coverPath
        : api.url(`/api/items/${encodeURIComponent(session.libraryItemId)}/cover`, {
            width: 128,
            ts: item.updatedAt,
          })
      : null
  const authors = item?.mediaType === 'book' ? (item.media as Book).metadata.authors : []
  const podcastAuthor = item?.mediaType === 'podcast' ? (item.media as Podcast).metadata.author : null

  const jumpLabel = (label: string, seconds: number) => {
    const { value, unit } = jumpAmountLabel(seconds)
    return t(unit === 'seconds' ? 'LabelJumpSeconds' : 'LabelJumpMinutes', { label, value })
  }
  const sleepText = (() => {
    if (!sleepTimer) return null
    if (sleepTimer.type === 'chapter') return 'EoC'
    return sleepCountdownText(t, sleepTimer.remaining)
  })()

  const iconButton = (
    name: PlayerIconName,
    label: string,
    onClick: () => void,
    testId: string,
    extra?: string,
  ) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn('rounded p-1.5 hover:bg-surface-raised', extra)}
      data-testid={testId}
    >
      <PlayerIcon name={name} />
    </button>
  )

  return (
    <div
      role="region"
      aria-label={t('LabelPlayer')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface px-3 py-2 shadow-2xl md:px-4"
      data-testid="player-bar"
      data-state={state}
    >
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3 md:w-1/4 md:flex-none">
          {coverUrl ? (
            <img src={coverUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
          ) : (
            <div className="size-12 shrink-0 rounded bg-surface-raised" />
          )}
          <div className="min-w-0">
            {session && (
              <Link
                to={`/item/${session.libraryItemId}`}
                className="block truncate text-sm font-semibold hover:underline"
                data-testid="player-title"
              >
                {session.displayTitle}
              </Link>
            )}
            <div className="truncate text-xs text-muted">
              {authors.length > 0
                ? authors.map((a, i) => (
                    <span key={a.id}>
                      {i > 0 && ', '}
                      <Link to={`/author/${a.id}`} className="hover:underline">
                        {a.name}
                      </Link>
                    </span>
                  ))
                : (podcastAuthor ?? session?.displayAuthor)}
            </div>
            <div className="text-xs text-muted" data-testid="player-total-duration">
              {secondsToTimestamp(duration / rate)}
            </div>
          </div>
        </div>

        <div className="flex flex-1 flex-col items-center gap-1">
          <div className="flex items-center gap-1">
            {loading ? (
              <Spinner className="size-8" label={t('MessageLoading')} />
            ) : (
              <>
                {iconButton(
                  'prev',
                  t('ButtonPreviousChapter'),
                  () => controller.previousChapter(),
                  'player-prev',
                )}
                {iconButton(
                  'back',
                  jumpLabel(t('ButtonJumpBackward'), settings.jumpBackwardAmount),
                  () => controller.jumpBackward(),
                  'player-jump-back',
                )}
                <button
                  type="button"
                  aria-label={state === 'PLAYING' ? t('ButtonPause') : t('ButtonPlay')}
                  onClick={() => controller.playPause()}
                  className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-fg hover:brightness-110"
                  data-testid="player-play-pause"
                >
                  {seeking ? (
                    <Spinner className="size-5" />
                  ) : (
                    <PlayerIcon name={state === 'PLAYING' ? 'pause' : 'play'} />
                  )}
                </button>
                {iconButton(
                  'forward',
                  jumpLabel(t('ButtonJumpForward'), settings.jumpForwardAmount),
                  () => controller.jumpForward(),
                  'player-jump-forward',
                )}
                <button
                  type="button"
                  aria-label={next?.kind === 'queue' ? t('ButtonNextItemInQueue') : t('ButtonNextChapter')}
                  title={next?.kind === 'queue' ? t('ButtonNextItemInQueue') : t('ButtonNextChapter')}
                  disabled={!next}
                  onClick={() => controller.next()}
                  className="rounded p-1.5 hover:bg-surface-raised disabled:opacity-40"
                  data-testid="player-next"
                >
                  <PlayerIcon name="next" />
                </button>
              </>
            )}
          </div>
          <SeekTrack
            currentTime={currentTime}
            bufferedTime={bufferedTime}
            duration={duration}
            chapters={chapters}
            chapter={trackChapter}
            rate={rate}
            loading={loading}
            onSeek={(time) => controller.seek(time)}
          />
          <div className="flex w-full items-center justify-between gap-2 text-xs text-muted">
            <span data-testid="player-current-time">{secondsToTimestamp(shownTime / rate)}</span>
            <span className="truncate" data-testid="player-chapter">
              {chapter &&
                (chapterMode
                  ? t('LabelChapterPosition', {
                      title: chapter.title,
                      index: chapters.indexOf(chapter) + 1,
                      total: chapters.length,
                    })
                  : chapter.title)}
            </span>
            <span>
              <span className="mr-2" data-testid="player-percent">
                {percent}%
              </span>
              <span data-testid="player-time-remaining">
                -{secondsToTimestamp(timeRemaining(shownDuration, shownTime, rate))}
              </span>
            </span>
          </div>
        </div>

        <div className="flex items-center gap-1 md:w-1/4 md:justify-end">
          <SpeedControl
            rate={rate}
            step={settings.playbackRateIncrementDecrement}
            onChange={(value) => controller.setRate(value)}
          />
          <VolumeControl
            volume={volume}
            muted={muted}
            onVolume={(v) => controller.setVolume(v)}
            onToggleMute={() => controller.toggleMute()}
          />
          <button
            type="button"
            aria-label={t('LabelSleepTimer')}
            title={t('LabelSleepTimer')}
            onClick={() => onOpenModal('sleep')}
            className={cn(
              'flex items-center gap-1 rounded p-1.5 hover:bg-surface-raised',
              sleepText && 'text-warning',
            )}
            data-testid="player-sleep"
          >
            <PlayerIcon name="sleep" />
            {sleepText && <span className="text-xs font-semibold">{sleepText}</span>}
          </button>
          {!isPodcast &&
            iconButton(
              bookmarks.length > 0 ? 'bookmarkFilled' : 'bookmark',
              t('LabelBookmarks'),
              () => onOpenModal('bookmarks'),
              'player-bookmarks',
            )}
          {chapters.length > 0 &&
            iconButton('chapters', t('LabelChapters'), () => onOpenModal('chapters'), 'player-chapters')}
          {queue.length > 0 &&
            iconButton('queue', t('HeaderPlayerQueue'), () => onOpenModal('queue'), 'player-queue')}
          {iconButton(
            'settings',
            t('HeaderPlayerSettings'),
            () => onOpenModal('settings'),
            'player-settings',
          )}
          <button
            type="button"
            aria-label={t('ButtonClosePlayer')}
            title={t('ButtonClosePlayer')}
            disabled={state === 'LOADING'}
            onClick={() => void controller.close()}
            className="rounded p-1.5 hover:bg-surface-raised disabled:opacity-40"
            data-testid="player-close"
          >
            <PlayerIcon name="close" />
          </button>
        </div>
      </div>
    </div>
  )
}
