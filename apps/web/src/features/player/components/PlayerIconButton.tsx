import { cn } from '@/components/ui/index.ts'
import { PlayerIcon, type PlayerIconName } from './PlayerIcon.tsx'

export interface PlayerIconButtonProps {
  name: PlayerIconName
  /** Accessible name and tooltip. */
  label: string
  onClick: () => void
  testId: string
  disabled?: boolean
  className?: string
  iconClassName?: string
}

export function PlayerIconButton({
  name,
  label,
  onClick,
  testId,
  disabled,
  className,
  iconClassName,
}: PlayerIconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn('rounded p-1.5 hover:bg-surface-raised disabled:opacity-40', className)}
      data-testid={testId}
    >
      <PlayerIcon name={name} className={iconClassName} />
    </button>
  )
}
