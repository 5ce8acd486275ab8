import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/ui/index.ts'
import { useRouteHandle } from '../route-names.ts'

/**
 * Pages the spec names whose feature has not landed yet. The route exists (so links, the guard and the
 * layout rules work), and the page says plainly that there is nothing here yet.
 */
export function NotAvailableYetPage() {
  const { t } = useTranslation()
  const handle = useRouteHandle()
  const title = handle?.titleKey ? t(handle.titleKey) : t('AppName')
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center"
      data-testid="not-available-yet"
    >
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-surface-raised text-muted">
        <Icon name="rocket" className="size-8" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted">{t('MessageNotAvailableYet')}</p>
    </section>
  )
}
