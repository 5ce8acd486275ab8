import { createContext, useContext, useState, type ReactNode } from 'react'
import { cn } from './cn.ts'
import { requestRadix, useRadix, useTriggerSwitch } from './radix-on-demand.ts'

export interface PopoverProps {
  /** Accessible name of the trigger (and of the panel). */
  label: string
  /** What the trigger button shows. */
  buttonContent: ReactNode
  buttonClassName?: string
  /** Panel contents; they close the panel with `usePopoverClose()`. */
  children: ReactNode
  /** Which trigger edge the panel lines up with; it flips when it would leave the screen. */
  align?: 'start' | 'end'
  panelClassName?: string
  testId?: string
  /** Called each time the panel opens. */
  onOpen?: () => void
  disabled?: boolean
}

/**
 * A button with a panel that is not a menu (the task list; menus use `Menu`): Escape, an outside press or
 * `close()` close it and focus returns to the button; portalled to the body and flipping near the edges.
 * Until the Radix code arrives (radix-on-demand.ts) the trigger is a plain button that looks the same; a press
 * on it opens the panel as soon as the code is there.
 */
export function Popover({
  label,
  buttonContent,
  buttonClassName,
  children,
  align = 'start',
  panelClassName,
  testId,
  onOpen,
  disabled,
}: PopoverProps) {
  const radix = useRadix()
  const { staticRef, radixRef } = useTriggerSwitch(radix)
  // Kept here, so a press on the static trigger opens the panel once the Radix form renders.
  const [open, setOpen] = useState(false)
  const triggerClassName = cn(
    'inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:border-primary/60',
    buttonClassName,
  )

  if (!radix) {
    return (
      <div className="relative" data-testid={testId}>
        <button
          ref={staticRef}
          type="button"
          aria-label={label}
          title={label}
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={false}
          data-state="closed"
          className={triggerClassName}
          onClick={() => {
            requestRadix()
            setOpen(true)
            onOpen?.()
          }}
        >
          {buttonContent}
        </button>
      </div>
    )
  }
  const { RadixPopover } = radix
  return (
    <div className="relative" data-testid={testId}>
      <RadixPopover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (next) onOpen?.()
        }}
      >
        <RadixPopover.Trigger
          ref={radixRef}
          aria-label={label}
          title={label}
          disabled={disabled}
          className={triggerClassName}
        >
          {buttonContent}
        </RadixPopover.Trigger>
        <RadixPopover.Portal>
          <RadixPopover.Content
            align={align}
            sideOffset={4}
            collisionPadding={8}
            aria-label={label}
            className={cn(
              'z-[70] max-h-[var(--radix-popover-content-available-height)] overflow-y-auto rounded-xl border border-border bg-surface-raised p-1 text-fg shadow-2xl outline-none',
              panelClassName,
            )}
          >
            <PopoverCloseContext value={() => setOpen(false)}>{children}</PopoverCloseContext>
          </RadixPopover.Content>
        </RadixPopover.Portal>
      </RadixPopover.Root>
    </div>
  )
}

const PopoverCloseContext = createContext<() => void>(() => {})

/** Closes the popover this component is in. */
export function usePopoverClose(): () => void {
  return useContext(PopoverCloseContext)
}
