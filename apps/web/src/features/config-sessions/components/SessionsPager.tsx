import { useTranslation } from 'react-i18next'
import { IconButton } from '@/components/ui/index.ts'

interface SessionsPagerProps {
  /** 0-based, as the sessions routes page. */
  page: number
  numPages: number
  onPage(page: number): void
  /** Prefix of the test ids: `<testId>-prev`, `<testId>-page`, `<testId>-next`. */
  testId: string
}

/** Previous / "Page N of M" / next under a sessions table. */
export function SessionsPager({ page, numPages, onPage, testId }: SessionsPagerProps) {
  const { t } = useTranslation()
  return (
    <nav className="flex items-center justify-end gap-2" aria-label={t('LabelPagination')}>
      <IconButton
        icon="chevronLeft"
        label={t('ButtonPreviousPage')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        data-testid={`${testId}-prev`}
      />
      <span className="text-sm text-muted tabular-nums" data-testid={`${testId}-page`}>
        {t('LabelPageOf', { page: page + 1, pages: numPages })}
      </span>
      <IconButton
        icon="chevronRight"
        label={t('ButtonNextPage')}
        disabled={page + 1 >= numPages}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      />
    </nav>
  )
}
