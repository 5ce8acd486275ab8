import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, type IconName } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'

/** A list that failed to load: the reason and a retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" role="alert">
      <p className="text-error">{errorMessage(error, t)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('ButtonRetry')}
      </Button>
    </div>
  )
}

/** An honest empty list: what is missing, and optionally what to do about it. */
export function EmptyState({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: IconName
  title: string
  hint?: string
  action?: ReactNode
  testId?: string
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-20 text-center" data-testid={testId ?? 'empty-state'}>
      <Icon name={icon} className="size-10 text-muted" />
      <p className="text-lg font-semibold">{title}</p>
      {hint && <p className="max-w-md text-sm text-muted">{hint}</p>}
      {action}
    </div>
  )
}
