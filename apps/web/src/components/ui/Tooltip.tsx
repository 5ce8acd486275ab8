import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react'
import { useRadix, useTriggerSwitch } from './radix-on-demand.ts'

/** Hover time before a tooltip shows (§9 fixes only the hide delay; this is short enough not to annoy). */
export const TOOLTIP_SHOW_DELAY_MS = 500
/** Spec §9: tooltips hide 100 ms after the pointer or focus leaves. */
export const TOOLTIP_HIDE_DELAY_MS = 100

/**
 * A tooltip on one control (its only child, which must take a ref): shows on hover after a delay and at once
 * on keyboard focus, hides 100 ms after leaving; hidden on small screens (styles.css), where it would cover
 * what a finger taps. It describes; the control still needs its own accessible name. Until the Radix code
 * arrives (radix-on-demand.ts) the control renders alone, without a tooltip.
 */
export function Tooltip({
  label,
  children,
  side = 'top',
}: {
  label: string
  children: ReactElement<{ ref?: Ref<HTMLElement> }>
  side?: 'top' | 'bottom' | 'left' | 'right'
}) {
  const radix = useRadix()
  const { staticRef, radixRef } = useTriggerSwitch<HTMLElement>(radix)
  const [open, setOpen] = useState(false)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(hideTimer.current), [])

  const onOpenChange = (next: boolean) => {
    clearTimeout(hideTimer.current)
    if (next) setOpen(true)
    else hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS)
  }

  // Without a tooltip yet; marked closed like a Radix trigger, so the control looks the same either way.
  if (!radix) {
    const props = { ref: mergeRefs(children.props.ref, staticRef), 'data-state': 'closed' }
    return cloneElement(children, props)
  }
  const { RadixTooltip } = radix
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_SHOW_DELAY_MS} disableHoverableContent>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger
          asChild
          ref={(element) => {
            radixRef.current = element
          }}
        >
          {children}
        </RadixTooltip.Trigger>
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

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): (element: T | null) => void {
  return (element) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    }
  }
}
