import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { cn } from './cn.ts'

export interface PopoverProps {
  /** Accessible name of the trigger. */
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
 * A button with a panel under it (menus, the task list): closes on Escape, an outside press or `close()`;
 * near the screen edge the panel lines up with the other side of the button.
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
  const [open, setOpen] = useState(false)
  const [flipped, setFlipped] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()

  const close = () => setOpen(false)

  // Closed from inside (a choice, Escape): focus would fall to the page, so it returns to the trigger.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open && document.activeElement === document.body) buttonRef.current?.focus()
    wasOpen.current = open
  }, [open])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  // Measured before paint: a panel that would leave the viewport opens towards the other side.
  useLayoutEffect(() => {
    if (!open) return
    const rect = panelRef.current?.getBoundingClientRect()
    if (!rect) return
    if (align === 'start' && rect.right > window.innerWidth - 4) setFlipped(true)
    if (align === 'end' && rect.left < 4) setFlipped(true)
  }, [open, align])

  const side = (align === 'end') !== flipped ? 'right-0' : 'left-0'

  return (
    <div ref={rootRef} className="relative" data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (open) {
            setOpen(false)
            return
          }
          setFlipped(false)
          setOpen(true)
          onOpen?.()
        }}
        className={cn(
          'inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-60',
          open && 'border-primary/60',
          buttonClassName,
        )}
      >
        {buttonContent}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={cn(
            'absolute top-full z-50 mt-1 rounded-xl border border-border bg-surface-raised p-1 text-fg shadow-2xl',
            side,
            panelClassName,
          )}
        >
          <PopoverCloseContext value={close}>{children}</PopoverCloseContext>
        </div>
      )}
    </div>
  )
}

const PopoverCloseContext = createContext<() => void>(() => {})

/** Closes the popover this component is in. */
export function usePopoverClose(): () => void {
  return useContext(PopoverCloseContext)
}

/** A row of a popover menu; `selected` marks the current choice. */
export function MenuRow({
  children,
  onClick,
  selected = false,
  trailing,
  testId,
}: {
  children: ReactNode
  onClick: () => void
  selected?: boolean
  trailing?: ReactNode
  testId?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      data-testid={testId}
      className={cn(
        'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm transition hover:bg-surface',
        selected ? 'font-semibold text-primary' : 'text-fg',
      )}
    >
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {trailing}
    </button>
  )
}
