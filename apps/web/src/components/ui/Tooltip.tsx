import * as RadixTooltip from '@radix-ui/react-tooltip'
import { useEffect, useRef, useState, type ReactElement } from 'react'

/** Hover time before a tooltip shows (§9 fixes only the hide delay; this is short enough not to annoy). */
export const TOOLTIP_SHOW_DELAY_MS = 500
/** Spec §9: tooltips hide 100 ms after the pointer or focus leaves. */
export const TOOLTIP_HIDE_DELAY_MS = 100

/**
 * A tooltip on one control (its only child, which must take a ref): shows on hover after a delay and at once
 * on keyboard focus, hides 100 ms after leaving; hidden on small screens (styles.css), where it would cover
 * what a finger taps. It describes; the control still needs its own accessible name.
 */
export function Tooltip({
  label,
  children,
  side = 'top',
}: {
  label: string
  children: ReactElement
  side?: 'top' | 'bottom' | 'left' | 'right'
}) {
  const [open, setOpen] = useState(false)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(hideTimer.current), [])

  const onOpenChange = (next: boolean) => {
    clearTimeout(hideTimer.current)
    if (next) setOpen(true)
    else hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS)
  }

  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_SHOW_DELAY_MS} disableHoverableContent>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="tooltip-panel pointer-events-none z-[80] max-w-64 rounded-md bg-fg px-2 py-1 text-xs font-medium text-bg shadow-lg"
          >
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
