import { isAdminOrUp } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { Icon, Logo, cn, type IconName } from '../../components/ui/index.ts'
import type { CurrentLibrary } from '../../features/libraries/index.ts'
import { CastLauncher } from '../../features/player/index.ts'
import { SelectionBar } from '../../features/selection/index.ts'
import { GlobalSearch } from '../../features/search/index.ts'
import { TaskWidget } from '../../features/tasks/index.ts'
import { useItemSelection } from '../../lib/item-selection.ts'
import { useSessionStore } from '../../lib/session-store.ts'
import { LibraryDropdown } from './LibraryDropdown.tsx'

function BarLink({
  to,
  icon,
  label,
  testId,
}: {
  to: string
  icon: IconName
  label: string
  testId?: string
}) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={({ isActive }) =>
        cn(
          'flex size-10 items-center justify-center rounded-lg transition',
          isActive ? 'bg-primary/15 text-primary' : 'text-muted hover:bg-surface-raised hover:text-fg',
        )
      }
    >
      <Icon name={icon} />
    </NavLink>
  )
}

/**
 * The 64 px app bar: logo, library dropdown, global search, the cast launcher, and the user's links
 * (upload with upload permission, settings for admins, account with the username).
 */
export function AppBar({ library }: { library: CurrentLibrary }) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const selecting = useItemSelection((s) => s.selectedMediaItems.length > 0)
  if (!user) return null
  // Selection mode takes the bar's place (spec §2) for as long as anything is selected.
  if (selecting && library.current) return <SelectionBar library={library.current} />
  const isAdmin = isAdminOrUp(user.type)

  return (
    <header
      data-testid="app-bar"
      className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-3 border-b border-border bg-surface/95 px-3 backdrop-blur md:px-5"
    >
      <Link to="/" className="flex items-center rounded-lg" aria-label={t('AppName')}>
        <Logo label={t('AppName')} className="[&>span]:hidden sm:[&>span]:inline" />
      </Link>

      {library.current && library.libraries.length > 0 && (
        <LibraryDropdown
          libraries={library.libraries}
          current={library.current}
          loading={library.isFetching}
        />
      )}

      <div className="flex-1" />

      {library.current && <GlobalSearch key={library.current.id} library={library.current} />}

      <nav aria-label={t('LabelUserNavigation')} className="flex items-center gap-1">
        <CastLauncher />
        <TaskWidget />
        <BarLink to="/config/stats" icon="stats" label={t('HeaderYourStats')} testId="stats-link" />
        {user.permissions.upload && <BarLink to="/upload" icon="upload" label={t('ButtonUpload')} />}
        {isAdmin && (
          <BarLink to="/config" icon="settings" label={t('HeaderSettings')} testId="settings-link" />
        )}
        <NavLink
          to="/account"
          data-testid="account-link"
          className={({ isActive }) =>
            cn(
              'ml-1 flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition',
              isActive
                ? 'border-primary/50 bg-primary/15 text-primary'
                : 'border-border text-fg hover:bg-surface-raised',
            )
          }
        >
          <Icon name="account" className="size-5" />
          <span className="max-w-32 truncate">{user.username}</span>
        </NavLink>
      </nav>
    </header>
  )
}
