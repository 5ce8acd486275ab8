import { useTranslation } from 'react-i18next'
import { cn, Spinner } from '@/components/ui/index.ts'
import { playerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { PlayerIcon } from './PlayerIcon.tsx'

const sizes = { small: 'size-10', large: 'size-16' } as const

/** The round play/pause button of the bar, the mini player and now-playing (a spinner while seeking). */
export function PlayPauseButton({ size = 'small' }: { size?: keyof typeof sizes }) {
  const { t } = useTranslation()
  const state = usePlayerStore((s) => s.state)
  const playing = state === 'PLAYING'
  return (
    <button
      type="button"
      aria-label={playing ? t('ButtonPause') : t('ButtonPlay')}
      onClick={() => playerController().playPause()}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary text-primary-fg hover:brightness-110',
        sizes[size],
      )}
      data-testid="player-play-pause"
    >
      {state === 'SEEK_LOADING' ? (
        <Spinner className="size-5" />
      ) : (
        <PlayerIcon name={playing ? 'pause' : 'play'} className={size === 'large' ? 'size-7' : undefined} />
      )}
    </button>
  )
}
