import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'

export interface ModalProps {
  open: boolean
  /** Asked to close (Escape, background click, close button); the owner decides. */
  onClose: () => void
  /** Heading; also the dialog's accessible name. */
  title: ReactNode
  /** Accessible name of the close button (widgets carry no translations). */
  closeLabel: string
  children: ReactNode
  /** Width in px (spec default 500); capped by the viewport. */
  width?: number
  /** Background clicks do not close it. */
  persistent?: boolean
  /** Nothing closes it while work is in flight (Escape, background, close button). */
  processing?: boolean
  /** Sticky area under the content (buttons). */
  footer?: ReactNode
  className?: string
  testId?: string
}

/** Open modals, innermost last: Escape only closes the top one. */
const stack: string[] = []
/** Modals opened in the current task: a child opened with its parent runs its effects first. */
const openedThisTask = new Set<string>()
let scrollLocks = 0
let savedOverflow = ''

function lockScroll() {
  if (scrollLocks++ === 0) {
    savedOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
  }
}
function unlockScroll() {
  if (--scrollLocks === 0) document.body.style.overflow = savedOverflow
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The generic modal of spec §2: Escape, background click (unless persistent or processing) and the close
 * button close it; scale-in; page scroll locked; width 500, z-index 60, backdrop opacity 75, top margin 50,
 * minimum 380x200. Focus moves in on open (to `[data-autofocus]` when present), is kept inside, and
 * returns to where it was on close.
 */
export function Modal({
  open,
  onClose,
  title,
  closeLabel,
  children,
  width = 500,
  persistent = false,
  processing = false,
  footer,
  className,
  testId,
}: ModalProps) {
  const id = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const pressedOnBackdrop = useRef(false)
  // The latest values for listeners registered once per opening.
  const latest = useRef({ onClose, processing })
  useEffect(() => {
    latest.current = { onClose, processing }
  })

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    stack.push(id)
    lockScroll()
    const panel = panelRef.current
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      )
    // A dialog nested in this one and opened together with it keeps the focus it took first.
    const active = document.activeElement as HTMLElement | null
    const otherDialog = active?.closest('[role="dialog"]')
    const nestedOpenFirst =
      !!otherDialog &&
      otherDialog !== panel &&
      openedThisTask.has(otherDialog.getAttribute('data-modal-id') ?? '')
    if (!nestedOpenFirst) (first ?? panel)?.focus()
    openedThisTask.add(id)
    queueMicrotask(() => openedThisTask.delete(id))

    // Focus outside every dialog (e.g. on the page body): Escape still closes the top modal.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || stack[stack.length - 1] !== id) return
      if ((document.activeElement as HTMLElement | null)?.closest('[role="dialog"]')) return
      event.preventDefault()
      if (!latest.current.processing) latest.current.onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      const index = stack.lastIndexOf(id)
      if (index !== -1) stack.splice(index, 1)
      unlockScroll()
      if (previous?.isConnected) previous.focus()
    }
  }, [open, id])

  if (!open) return null

  // React events bubble through portals: the innermost dialog sees the key first and keeps it.
  const onPanelKeyDown = (event: ReactKeyboardEvent) => {
    const panel = panelRef.current
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      if (!processing) onClose()
    } else if (event.key === 'Tab' && panel) {
      event.stopPropagation()
      const items = [...panel.querySelectorAll<HTMLElement>(focusableSelector)].filter(
        (el) => el.closest('[role="dialog"]') === panel,
      )
      if (items.length === 0) return
      const firstItem = items[0]!
      const lastItem = items[items.length - 1]!
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel)) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault()
        firstItem.focus()
      }
    }
  }

  const onBackdropDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget
  }
  const onBackdropClick = (event: MouseEvent) => {
    // Both ends of the click on the backdrop: a text selection dragged out of the panel does not close it.
    const onBackdrop = pressedOnBackdrop.current && event.target === event.currentTarget
    pressedOnBackdrop.current = false
    if (onBackdrop && !persistent && !processing) onClose()
  }

  return createPortal(
    <div
      role="presentation"
      className="fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto bg-black/75 px-4 pt-[50px] pb-8"
      onMouseDown={onBackdropDown}
      onClick={onBackdropClick}
      data-testid={testId ? `${testId}-backdrop` : undefined}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps focus inside itself (Tab) and closes on Escape */}
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-busy={processing || undefined}
        tabIndex={-1}
        onKeyDown={onPanelKeyDown}
        data-modal-id={id}
        data-testid={testId}
        style={{ width }}
        className={cn(
          'flex max-h-[calc(100dvh-50px-2rem)] max-w-full min-h-[200px] min-w-[min(380px,100%)] flex-col rounded-2xl border border-border bg-surface text-fg shadow-2xl outline-none animate-modal-in',
          className,
        )}
      >
        <div className="flex items-center gap-3 border-b border-border px-6 py-4">
          <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={processing}
            aria-label={closeLabel}
            className="-mr-2 rounded-lg p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-50"
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        {/* Tall content scrolls inside the panel: the title and the buttons stay in view. */}
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-6 py-4">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  )
}
