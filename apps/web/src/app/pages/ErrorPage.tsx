import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from '../../components/ui/index.ts'

/** The blank-layout error page: status (default 500) and message (default 'Unknown error'). */
export function ErrorPage({ statusCode = 500, message }: { statusCode?: number; message?: string }) {
  const { t } = useTranslation()
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center"
      data-testid="error-page"
    >
      <Link to="/" aria-label={t('ButtonGoHome')} className="rounded-xl">
        <Logo className="scale-150" />
      </Link>
      <p className="mt-4 text-7xl font-black tracking-tight text-primary tabular-nums">{statusCode}</p>
      <p className="max-w-md text-lg text-muted">{message || t('ToastUnknownError')}</p>
      <Link to="/" className="text-sm font-semibold text-primary hover:underline">
        {t('ButtonGoHome')}
      </Link>
    </div>
  )
}
