import { useTranslation } from 'react-i18next'
import { VOLUME_STEP } from '../model/player-rules.ts'
import { PlayerIcon } from './PlayerIcon.tsx'

export interface VolumeControlProps {
  volume: number
  muted: boolean
  onVolume: (volume: number) => void
  onToggleMute: () => void
}

/** Mute button with a slider popup on hover/focus; the wheel steps by 0.1. Hidden on very small screens (under 768 px, where the bar needs the room). */
export function VolumeControl({ volume, muted, onVolume, onToggleMute }: VolumeControlProps) {
  const { t } = useTranslation()
  const silent = muted || volume === 0
  return (
    <div
      className="group relative hidden md:block"
      onWheel={(event) => onVolume(volume + (event.deltaY < 0 ? VOLUME_STEP : -VOLUME_STEP))}
    >
      <button
        type="button"
        aria-label={silent ? t('ButtonUnmute') : t('ButtonMute')}
        className="rounded p-1.5 hover:bg-surface-raised"
        onClick={onToggleMute}
        data-testid="player-mute"
      >
        <PlayerIcon name={silent ? 'volumeOff' : 'volume'} />
      </button>
      <div className="absolute bottom-full left-1/2 z-50 hidden -translate-x-1/2 pb-2 group-focus-within:block group-hover:block">
        <div className="rounded-lg border border-border bg-surface p-3 shadow-xl">
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={muted ? 0 : volume}
            aria-label={t('LabelVolume')}
            onChange={(event) => onVolume(Number(event.target.value))}
            className="h-24 w-4 accent-primary [writing-mode:vertical-lr] [direction:rtl]"
            data-testid="player-volume"
          />
        </div>
      </div>
    </div>
  )
}
