import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '@/components/ui/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'

/** What the main area says when the user can see no library at all. */
export function NoLibraries() {
  const { t } = useTranslation()
  const type = useSessionStore((s) => s.user?.type)
  const isAdmin = type ? isAdminOrUp(type) : false
  return (
    <section
      data-testid="no-libraries"
      className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center"
    >
      <div className="mb-6 flex size-20 items-center justify-center rounded-3xl bg-surface-raised text-primary">
        <Icon name="library" className="size-10" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderNoLibraries')}</h1>
      {isAdmin ? (
        <>
          <p className="mt-3 text-muted">{t('MessageNoLibrariesAdmin')}</p>
          <Link
            to="/config/libraries"
            className="mt-8 inline-flex h-11 items-center gap-2 rounded-lg bg-primary px-5 text-sm font-semibold text-primary-fg shadow-sm transition hover:brightness-110"
          >
            <Icon name="settings" className="size-4" />
            {t('ButtonManageLibraries')}
          </Link>
        </>
      ) : (
        <p className="mt-3 text-muted">{t('MessageNoLibrariesUser')}</p>
      )}
    </section>
  )
}
