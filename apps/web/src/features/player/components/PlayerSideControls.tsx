import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/index.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { playerCloseAction } from '../model/player-rules.ts'
import { playerController } from '../player-controller.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'
import { PlayerIcon } from './PlayerIcon.tsx'
import { PlayerIconButton } from './PlayerIconButton.tsx'
import type { PlayerModalName } from './PlayerModals.tsx'
import { sleepCountdownText } from './sleep-timer-text.ts'
import { SpeedControl } from './SpeedControl.tsx'
import { VolumeControl } from './VolumeControl.tsx'

/** Close as the spec has it: leave the full-screen view first; close only when not loading. */
export function closePlayer(): void {
  const { playerIsFullscreen, state, session } = usePlayerStore.getState()
  const action = playerCloseAction(playerIsFullscreen, state === 'LOADING' || !session)
  if (action === 'exit-fullscreen') setPlayerFullscreen(false)
  else if (action === 'close') void playerController().close()
}

/** Speed, volume, sleep timer, bookmarks, chapters, queue, settings, full screen and close. */
export function PlayerSideControls({
  onOpenModal,
  oneRow = false,
}: {
  onOpenModal: (name: PlayerModalName) => void
  /** The docked bar's controls stay on one row (tighter below 1024 px); the full-screen view wraps them. */
  oneRow?: boolean
}) {
  const { t } = useTranslation()
  const controller = playerController()
  const { session, state, volume, muted, sleepTimer, queue, bookmarks, playerIsFullscreen } = usePlayerStore()
  const settings = useUserSettings((s) => s.settings)
  const chapters = session?.chapters ?? []
  const isPodcast = session?.mediaType === 'podcast'
  const sleepText = !sleepTimer
    ? null
    : sleepTimer.type === 'chapter'
      ? 'EoC'
      : sleepCountdownText(sleepTimer.remaining)
  const closeAction = playerCloseAction(playerIsFullscreen, state === 'LOADING' || !session)

  return (
    <div
      className={cn(
        'flex items-center justify-center',
        oneRow ? 'flex-nowrap gap-0 max-lg:[&_button]:p-1 lg:gap-1' : 'flex-wrap gap-1',
      )}
      data-testid="player-side-controls"
    >
      <SpeedControl
        rate={settings.playbackRate}
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
        title={t('LabelSleepTimer')}
        onClick={() => onOpenModal('sleep')}
        className={cn(
          'flex items-center gap-1 rounded p-1.5 hover:bg-surface-raised',
          sleepText && 'text-warning',
        )}
        data-testid="player-sleep"
      >
        <PlayerIcon name="sleep" />
        {/* Named by its visible countdown too (axe: label-content-name-mismatch). */}
        <span className="sr-only">{t('LabelSleepTimer')}</span>
        {sleepText && (
          <span className="text-xs font-semibold" data-testid="player-sleep-countdown">
            {sleepText}
          </span>
        )}
      </button>
      {!isPodcast && (
        <PlayerIconButton
          name={bookmarks.length > 0 ? 'bookmarkFilled' : 'bookmark'}
          label={t('LabelBookmarks')}
          onClick={() => onOpenModal('bookmarks')}
          testId="player-bookmarks"
        />
      )}
      {chapters.length > 0 && (
        <PlayerIconButton
          name="chapters"
          label={t('LabelChapters')}
          onClick={() => onOpenModal('chapters')}
          testId="player-chapters"
        />
      )}
      {queue.length > 0 && (
        <PlayerIconButton
          name="queue"
          label={t('HeaderPlayerQueue')}
          onClick={() => onOpenModal('queue')}
          testId="player-queue"
        />
      )}
      <PlayerIconButton
        name="settings"
        label={t('HeaderPlayerSettings')}
        onClick={() => onOpenModal('settings')}
        testId="player-settings"
      />
      {playerIsFullscreen ? (
        <PlayerIconButton
          name="collapse"
          label={t('ButtonCollapsePlayer')}
          onClick={() => setPlayerFullscreen(false)}
          testId="player-collapse"
        />
      ) : (
        <PlayerIconButton
          name="expand"
          label={t('ButtonExpandPlayer')}
          onClick={() => setPlayerFullscreen(true)}
          testId="player-expand"
        />
      )}
      <PlayerIconButton
        name="close"
        label={t('ButtonClosePlayer')}
        disabled={closeAction === 'none'}
        onClick={closePlayer}
        testId="player-close"
      />
    </div>
  )
}
