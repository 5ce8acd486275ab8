import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/index.ts'
import { RATE_MAX, RATE_MIN, RATE_PRESETS, stepRate } from '../model/player-rules.ts'
import { formatRate } from '../model/rate-label.ts'

export interface SpeedControlProps {
  rate: number
  step: number
  /** Called when the menu closes with a changed rate. */
  onChange: (rate: number) => void
}

/** Rate menu: presets plus/minus by the user's step; the change is emitted when the menu closes. */
export function SpeedControl({ rate, step, onChange }: SpeedControlProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(rate)
  const ref = useRef<HTMLDivElement>(null)
  const openedWith = useRef(rate)

  const close = () => {
    setOpen(false)
    if (pending !== openedWith.current) onChange(pending)
  }
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })

  useEffect(() => {
    if (!open) return
    const onDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) closeRef.current()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeRef.current()
      }
    }
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('keydown', onKey, true)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('keydown', onKey, true)
    }
  }, [open])

  const shown = open ? pending : rate
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        // Named by its visible rate too (axe: label-content-name-mismatch).
        aria-label={t('LabelPlaybackSpeedValue', { value: `${formatRate(shown, step)}x` })}
        aria-expanded={open}
        className="rounded px-2 py-1 text-sm font-semibold hover:bg-surface-raised"
        data-testid="player-speed"
        onClick={() => {
          if (open) close()
          else {
            openedWith.current = rate
            setPending(rate)
            setOpen(true)
          }
        }}
      >
        {formatRate(shown, step)}x
      </button>
      {open && (
        <div
          className="absolute bottom-full left-1/2 z-50 mb-2 w-56 -translate-x-1/2 rounded-lg border border-border bg-surface p-2 shadow-xl"
          data-testid="player-speed-menu"
        >
          <div className="flex justify-between gap-1">
            {RATE_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className={cn(
                  'rounded px-2 py-1 text-sm hover:bg-surface-raised',
                  preset === pending && 'bg-primary text-primary-fg',
                )}
                onClick={() => setPending(preset)}
              >
                {preset}
              </button>
            ))}
          </div>
          <div className="mt-2 flex items-center justify-between">
            <button
              type="button"
              aria-label={t('ButtonDecreaseSpeed')}
              disabled={pending <= RATE_MIN}
              className="rounded px-3 py-1 text-lg hover:bg-surface-raised disabled:opacity-40"
              onClick={() => setPending(stepRate(pending, step, -1))}
            >
              −
            </button>
            <span className="text-sm font-semibold" data-testid="player-speed-value">
              {formatRate(pending, step)}x
            </span>
            <button
              type="button"
              aria-label={t('ButtonIncreaseSpeed')}
              disabled={pending >= RATE_MAX}
              className="rounded px-3 py-1 text-lg hover:bg-surface-raised disabled:opacity-40"
              onClick={() => setPending(stepRate(pending, step, 1))}
            >
              +
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
