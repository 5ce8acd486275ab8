import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { Icon, cn, type IconName } from '../../components/ui/index.ts'

const sections: { to: string; labelKey: string; icon: IconName }[] = [
  { to: '/config', labelKey: 'HeaderSettings', icon: 'settings' },
  { to: '/config/libraries', labelKey: 'HeaderLibraries', icon: 'library' },
  { to: '/config/users', labelKey: 'HeaderUsers', icon: 'users' },
  { to: '/config/api-keys', labelKey: 'HeaderApiKeys', icon: 'key' },
  { to: '/config/email', labelKey: 'HeaderEmailSettings', icon: 'mail' },
  { to: '/config/authentication', labelKey: 'HeaderAuthentication', icon: 'lock' },
  { to: '/config/backups', labelKey: 'HeaderBackups', icon: 'database' },
  { to: '/config/notifications', labelKey: 'HeaderNotifications', icon: 'bell' },
  { to: '/config/sessions', labelKey: 'HeaderListeningSessions', icon: 'headphones' },
  { to: '/config/sessions/open', labelKey: 'HeaderOpenListeningSessions', icon: 'radio' },
  { to: '/config/log', labelKey: 'HeaderLogs', icon: 'layers' },
  { to: '/config/rss-feeds', labelKey: 'HeaderRSSFeeds', icon: 'rss' },
  { to: '/config/item-metadata-utils', labelKey: 'HeaderItemMetadataUtils', icon: 'layers' },
  {
    to: '/config/item-metadata-utils/custom-metadata-providers',
    labelKey: 'HeaderCustomMetadataProviders',
    icon: 'database',
  },
]

/** Admin configuration pages with their own navigation (the side rail stays hidden here). */
export function ConfigLayout() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:gap-8 sm:px-6 sm:py-10 md:flex-row md:px-10">
      <nav aria-label={t('LabelConfigNavigation')} className="md:w-52 md:shrink-0">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition',
                    isActive
                      ? 'bg-primary/15 text-primary'
                      : 'text-muted hover:bg-surface-raised hover:text-fg',
                  )
                }
              >
                <Icon name={section.icon} className="size-4" />
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  )
}
