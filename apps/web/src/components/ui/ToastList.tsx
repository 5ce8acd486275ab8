import { Icon, type IconName } from './Icon.tsx'
import { cn } from './cn.ts'

export interface ToastView {
  id: string
  kind: 'success' | 'info' | 'warning' | 'error'
  message: string
}

const look: Record<ToastView['kind'], { icon: IconName; accent: string }> = {
  success: { icon: 'check', accent: 'text-success border-l-success' },
  info: { icon: 'latest', accent: 'text-info border-l-info' },
  warning: { icon: 'issues', accent: 'text-warning border-l-warning' },
  error: { icon: 'issues', accent: 'text-error border-l-error' },
}

/**
 * Toasts stack above whatever is docked at the bottom (the player bar and the phone's bottom navigation
 * publish their heights on <html>), so they never cover those controls; clear of the home indicator.
 */
const toastStackStyle = {
  bottom:
    'calc(1rem + max(var(--player-bar-height, 0px) + var(--bottom-nav-height, 0px), env(safe-area-inset-bottom, 0px)))',
}

/** The stack of toasts, bottom-centre. Errors and warnings are announced assertively. */
export function ToastList({
  toasts,
  onClose,
  closeLabel,
}: {
  toasts: readonly ToastView[]
  onClose: (id: string) => void
  closeLabel: string
}) {
  return (
    <div
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-4"
      style={toastStackStyle}
      data-testid="toast-stack"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-testid="toast"
          data-kind={toast.kind}
          role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border border-border border-l-4 bg-surface-raised px-4 py-3 shadow-xl animate-toast-in',
            look[toast.kind].accent,
          )}
        >
          <Icon name={look[toast.kind].icon} className="mt-0.5" />
          <p className="flex-1 text-sm text-fg">{toast.message}</p>
          <button
            type="button"
            onClick={() => onClose(toast.id)}
            aria-label={closeLabel}
            className="-mr-1 rounded-md p-1 text-muted transition hover:bg-surface hover:text-fg"
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  )
}
