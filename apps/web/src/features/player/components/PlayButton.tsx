import { useTranslation } from 'react-i18next'
import { Button, cn } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { prefetchPlayer, withPlayer } from '../player-loader.ts'
import { usePlayerStore, type QueueItem } from '../player-store.ts'
import { PlayerIcon } from './PlayerIcon.tsx'

export interface PlayButtonProps {
  libraryItemId: string
  episodeId?: string | null
  /** Accessible name context (item or episode title). */
  title: string
  /** What goes into the queue when playback starts here. */
  queueItem?: QueueItem
  variant?: 'button' | 'icon'
  className?: string
  testId?: string
}

/** Starts (or pauses/resumes) playback of an item or episode. */
export function PlayButton({
  libraryItemId,
  episodeId = null,
  title,
  queueItem,
  variant = 'button',
  className,
  testId,
}: PlayButtonProps) {
  const { t } = useTranslation()
  const api = useApiClient()
  const isCurrent = usePlayerStore(
    (s) => s.libraryItemId === libraryItemId && (s.episodeId ?? null) === (episodeId ?? null),
  )
  const playing = usePlayerStore((s) => s.state === 'PLAYING') && isCurrent
  const onClick = () => {
    const resume = isCurrent && usePlayerStore.getState().session !== null
    // The first play fetches the engine, then starts: one click is enough.
    withPlayer(api, (controller) => {
      if (resume) controller.playPause()
      else void controller.play({ libraryItemId, episodeId, queueItem })
    })
  }
  // Hover or focus shows the intent to play: the engine's chunk is fetched before the click.
  const intent = { onPointerEnter: prefetchPlayer, onFocus: prefetchPlayer }
  const label = playing
    ? t('ButtonPause')
    : episodeId
      ? t('ButtonPlayEpisode', { title })
      : t('ButtonPlayItem', { title })
  if (variant === 'icon')
    return (
      <button
        type="button"
        aria-label={label}
        title={label}
        {...intent}
        onClick={(event) => {
          event.preventDefault()
          event.stopPropagation()
          onClick()
        }}
        className={cn(
          'flex size-10 items-center justify-center rounded-full bg-primary text-primary-fg shadow hover:brightness-110',
          className,
        )}
        data-testid={testId ?? 'play-button'}
      >
        <PlayerIcon name={playing ? 'pause' : 'play'} />
      </button>
    )
  return (
    <Button
      onClick={onClick}
      {...intent}
      aria-label={label}
      className={className}
      data-testid={testId ?? 'play-button'}
    >
      <PlayerIcon name={playing ? 'pause' : 'play'} className="me-1 size-4" />
      {playing ? t('ButtonPause') : t('ButtonPlay')}
    </Button>
  )
}
