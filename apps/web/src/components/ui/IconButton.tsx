import type { ButtonHTMLAttributes } from 'react'
import { Icon, type IconName } from './Icon.tsx'
import { Tooltip } from './Tooltip.tsx'
import { cn } from './cn.ts'

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName
  /** Accessible name; also the tooltip unless `title` is given. */
  label: string
  /** 'danger' turns red on hover (delete actions). */
  tone?: 'default' | 'danger'
}

/** A small borderless icon-only button, as in table rows; its label shows as a tooltip. */
export function IconButton({
  icon,
  label,
  tone = 'default',
  title,
  className,
  type,
  ...rest
}: IconButtonProps) {
  return (
    <Tooltip label={title ?? label}>
      <button
        type={type ?? 'button'}
        aria-label={label}
        className={cn(
          'rounded-lg p-2 text-muted transition hover:bg-surface-raised disabled:opacity-50',
          tone === 'danger' ? 'hover:text-error' : 'hover:text-fg',
          className,
        )}
        {...rest}
      >
        <Icon name={icon} className="size-4.5" />
      </button>
    </Tooltip>
  )
}
