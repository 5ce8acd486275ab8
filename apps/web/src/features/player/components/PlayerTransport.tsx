import { useTranslation } from 'react-i18next'
import { cn, Spinner } from '@/components/ui/index.ts'
import { formatPercent, formatTimeUnit } from '@/lib/format.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import {
  chapterAt,
  chapterRelativeTime,
  jumpAmountLabel,
  nextTarget,
  timeRemaining,
} from '../model/player-rules.ts'
import { nextQueued } from '../model/queue-rules.ts'
import { playerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { PlayerIconButton } from './PlayerIconButton.tsx'
import { PlayPauseButton } from './PlayPauseButton.tsx'
import { SeekTrack } from './SeekTrack.tsx'

/** Playback buttons, seek track and the time row; the bar and the full-screen view both show it. */
export function PlayerTransport({ large = false }: { large?: boolean }) {
  const { t } = useTranslation()
  const controller = playerController()
  const { session, state, currentTime, bufferedTime, duration, queue } = usePlayerStore()
  const settings = useUserSettings((s) => s.settings)
  const rate = settings.playbackRate
  const chapters = session?.chapters ?? []
  const chapter = chapterAt(chapters, currentTime)
  const chapterMode = settings.useChapterTrack && chapters.length > 0
  const trackChapter = chapterMode ? chapter : null
  const loading = state === 'LOADING' || !session
  const next = nextTarget(chapters, currentTime, session !== null && nextQueued(queue, session) !== null)
  const shownTime = trackChapter ? chapterRelativeTime(trackChapter, currentTime) : currentTime
  const shownDuration = trackChapter ? trackChapter.end - trackChapter.start : duration
  const listened = duration > 0 ? currentTime / duration : 0
  const icon = large ? 'size-7' : undefined

  const jumpLabel = (label: string, seconds: number) => {
    const { value, unit } = jumpAmountLabel(seconds)
    const amount = formatTimeUnit(value, unit === 'seconds' ? 'second' : 'minute', 'long')
    return t('LabelJumpAmount', { label, amount })
  }
  const nextLabel = next?.kind === 'queue' ? t('ButtonNextItemInQueue') : t('ButtonNextChapter')

  return (
    // Media controls and their timeline run left to right in every language, as in platform media players
    // (Apple's and Material's right-to-left rules): previous/next and the seek bar keep their usual sides.
    <div dir="ltr" className="flex w-full flex-col items-center gap-1">
      <div className={cn('flex items-center', large ? 'gap-4' : 'gap-1')}>
        {loading ? (
          <Spinner className={large ? 'size-12' : 'size-8'} label={t('MessageLoading')} />
        ) : (
          <>
            <PlayerIconButton
              name="prev"
              label={t('ButtonPreviousChapter')}
              onClick={() => controller.previousChapter()}
              testId="player-prev"
              iconClassName={icon}
            />
            <PlayerIconButton
              name="back"
              label={jumpLabel(t('ButtonJumpBackward'), settings.jumpBackwardAmount)}
              onClick={() => controller.jumpBackward()}
              testId="player-jump-back"
              iconClassName={icon}
            />
            <PlayPauseButton size={large ? 'large' : 'small'} />
            <PlayerIconButton
              name="forward"
              label={jumpLabel(t('ButtonJumpForward'), settings.jumpForwardAmount)}
              onClick={() => controller.jumpForward()}
              testId="player-jump-forward"
              iconClassName={icon}
            />
            <PlayerIconButton
              name="next"
              label={nextLabel}
              onClick={() => controller.next()}
              disabled={!next}
              testId="player-next"
              iconClassName={icon}
            />
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
        steps={{ back: settings.jumpBackwardAmount, forward: settings.jumpForwardAmount }}
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
          <span className="me-2" data-testid="player-percent">
            {formatPercent(listened)}
          </span>
          <span dir="ltr" data-testid="player-time-remaining">
            -{secondsToTimestamp(timeRemaining(shownDuration, shownTime, rate))}
          </span>
        </span>
      </div>
    </div>
  )
}
