import { useRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'
import { useRadixWhenOpen } from './radix-on-demand.ts'

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

/** What takes focus when a modal opens: the marked control, else the first field. */
function initialFocus(panel: HTMLElement | null): HTMLElement | null {
  return (
    panel?.querySelector<HTMLElement>('[data-autofocus]') ??
    panel?.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    ) ??
    panel
  )
}

/**
 * The generic modal of spec §2 on Radix Dialog: focus trapped inside and returned on close, the page behind
 * inert and its scroll locked, Escape closing only the innermost modal; background click (unless persistent
 * or processing) and the close button close it. Width 500, z-index 60, backdrop opacity 75, top margin 50,
 * minimum 380x200; on phones (width or height under 640) a full-screen sheet (styles.css). Opened before the
 * Radix code has arrived (radix-on-demand.ts), it shows as soon as the code is there.
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
  const panelRef = useRef<HTMLDivElement>(null)
  const pressedOnBackdrop = useRef(false)
  // Where focus was before opening: it goes back there on close (Radix only knows its own trigger).
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const radix = useRadixWhenOpen(open)

  const onBackdropDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget
  }
  const onBackdropClick = (event: MouseEvent) => {
    // Both ends of the click on the backdrop: a text selection dragged out of the panel does not close it.
    const onBackdrop = pressedOnBackdrop.current && event.target === event.currentTarget
    pressedOnBackdrop.current = false
    if (onBackdrop && !persistent && !processing) onClose()
  }

  if (!radix) return null
  const { RadixDialog: Dialog } = radix
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !processing && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="modal-overlay fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto bg-black/75 px-4 pt-[50px] pb-8"
          onMouseDown={onBackdropDown}
          onClick={onBackdropClick}
          data-testid={testId ? `${testId}-backdrop` : undefined}
        >
          <Dialog.Content
            ref={panelRef}
            aria-describedby={undefined}
            aria-busy={processing || undefined}
            onOpenAutoFocus={(event) => {
              event.preventDefault()
              const panel = panelRef.current
              returnFocusTo.current = document.activeElement as HTMLElement | null
              // A modal nested in this one and opened with it (portalled after it) keeps the focus it took.
              const otherDialog = document.activeElement?.closest('[role="dialog"]')
              const nested =
                !!panel &&
                !!otherDialog &&
                otherDialog !== panel &&
                !!(panel.compareDocumentPosition(otherDialog) & Node.DOCUMENT_POSITION_FOLLOWING)
              if (!nested) initialFocus(panel)?.focus()
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus()
            }}
            // Background clicks are judged on the backdrop itself (both ends of the click).
            onPointerDownOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (processing) event.preventDefault()
            }}
            data-testid={testId}
            style={{ '--modal-width': `${width}px` } as CSSProperties}
            className={cn(
              'modal-panel flex max-h-[calc(100dvh-50px-2rem)] w-[var(--modal-width)] max-w-full min-h-[200px] min-w-[min(380px,100%)] flex-col rounded-2xl border border-border bg-surface text-fg shadow-2xl outline-none animate-modal-in',
              className,
            )}
          >
            <div className="flex items-center gap-3 border-b border-border px-6 py-4">
              <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</Dialog.Title>
              <Dialog.Close
                disabled={processing}
                aria-label={closeLabel}
                className="-me-2 rounded-lg p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-50"
              >
                <Icon name="close" className="size-5" />
              </Dialog.Close>
            </div>
            {/* Tall content scrolls inside the panel: the title and the buttons stay in view. */}
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
            {footer && (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-6 py-4">
                {footer}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
