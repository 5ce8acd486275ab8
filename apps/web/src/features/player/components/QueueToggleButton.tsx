import { Icon, cn } from '@/components/ui/index.ts'
import { useQueueToggle } from '../hooks/useQueueToggle.ts'
import type { QueueItem } from '../player-store.ts'

/** A row's add/remove-from-queue icon button; renders nothing while nothing else is playing. */
export function QueueToggleButton({
  entry,
  className,
  testId,
}: {
  entry: QueueItem
  className?: string
  testId?: string
}) {
  const queue = useQueueToggle(entry)
  if (!queue) return null
  return (
    <button
      type="button"
      aria-label={queue.label}
      title={queue.label}
      aria-pressed={queue.queued}
      onClick={queue.toggle}
      className={cn(
        'rounded p-1.5 text-muted hover:bg-surface-raised hover:text-fg aria-pressed:text-primary',
        className,
      )}
      data-testid={testId}
    >
      <Icon name={queue.queued ? 'check' : 'queue'} className="size-4" />
    </button>
  )
}
