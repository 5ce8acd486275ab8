import type { CSSProperties } from 'react'
import { Icon, type IconName } from './Icon.tsx'
import { cn } from './cn.ts'

export interface ToastView {
  id: string
  kind: 'success' | 'info' | 'warning' | 'error'
  message: string
  /** 'top': shown at the top centre (the update notice); otherwise the bottom stack. */
  position?: 'bottom' | 'top'
}

const look: Record<ToastView['kind'], { icon: IconName; accent: string }> = {
  success: { icon: 'check', accent: 'text-success border-s-success' },
  info: { icon: 'latest', accent: 'text-info border-s-info' },
  warning: { icon: 'issues', accent: 'text-warning border-s-warning' },
  error: { icon: 'issues', accent: 'text-error border-s-error' },
}

/**
 * Toasts stack above whatever is docked at the bottom (the player bar and the phone's bottom navigation
 * publish their heights on <html>), so they never cover those controls; clear of the home indicator.
 */
const toastStackStyle = {
  bottom:
    'calc(1rem + max(var(--player-bar-height, 0px) + var(--bottom-nav-height, 0px), env(safe-area-inset-bottom, 0px)))',
}

const topStackStyle = { top: 'calc(0.75rem + env(safe-area-inset-top, 0px))' }

/** The stacks of toasts, bottom-centre (and top-centre for those asking). Errors and warnings are announced assertively. */
export function ToastList({
  toasts,
  onClose,
  closeLabel,
}: {
  toasts: readonly ToastView[]
  onClose: (id: string) => void
  closeLabel: string
}) {
  const top = toasts.filter((t) => t.position === 'top')
  const bottom = toasts.filter((t) => t.position !== 'top')
  return (
    <>
      {top.length > 0 && (
        <ToastStack
          toasts={top}
          onClose={onClose}
          closeLabel={closeLabel}
          style={topStackStyle}
          testId="toast-stack-top"
        />
      )}
      <ToastStack
        toasts={bottom}
        onClose={onClose}
        closeLabel={closeLabel}
        style={toastStackStyle}
        testId="toast-stack"
      />
    </>
  )
}

function ToastStack({
  toasts,
  onClose,
  closeLabel,
  style,
  testId,
}: {
  toasts: readonly ToastView[]
  onClose: (id: string) => void
  closeLabel: string
  style: CSSProperties
  testId: string
}) {
  return (
    <div
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-4"
      style={style}
      data-testid={testId}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-testid="toast"
          data-kind={toast.kind}
          role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border border-border border-s-4 bg-surface-raised px-4 py-3 shadow-xl animate-toast-in',
            look[toast.kind].accent,
          )}
        >
          <Icon name={look[toast.kind].icon} className="mt-0.5" />
          <p className="flex-1 text-sm text-fg">{toast.message}</p>
          <button
            type="button"
            onClick={() => onClose(toast.id)}
            aria-label={closeLabel}
            className="-me-1 rounded-md p-1 text-muted transition hover:bg-surface hover:text-fg"
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  )
}
