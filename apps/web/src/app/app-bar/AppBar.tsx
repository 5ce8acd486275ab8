import { isAdminOrUp } from '@shelfcast/contracts/client'
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
import { AppMenu } from './AppMenu.tsx'
import { LibraryDropdown } from './LibraryDropdown.tsx'
import { PhoneSearch } from './PhoneSearch.tsx'

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
 * The 64 px app bar: logo, library dropdown, global search, the cast launcher, the task widget and the
 * user's links (stats, upload with upload permission, settings for admins, account with the username).
 * It fits every width: under 1024 px the user's links move into an overflow menu, under 640 px the
 * search box becomes an icon that opens a full-width search.
 */
export function AppBar({ library }: { library: CurrentLibrary }) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  // The server's Chromecast setting: off hides the cast button (and never loads the Cast SDK).
  const castOn = useSessionStore((s) => s.serverSettings?.chromecastEnabled === true)
  const selecting = useItemSelection((s) => s.selectedMediaItems.length > 0)
  if (!user) return null
  // Selection mode takes the bar's place (spec §2) for as long as anything is selected.
  if (selecting && library.current) return <SelectionBar library={library.current} />
  const isAdmin = isAdminOrUp(user.type)

  return (
    <header
      data-testid="app-bar"
      className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur sm:gap-3 sm:px-3 md:px-5"
    >
      <Link to="/" className="flex shrink-0 items-center rounded-lg" aria-label={t('AppName')}>
        <Logo label={t('AppName')} className="[&>span]:hidden lg:[&>span]:inline" />
      </Link>

      {library.current && library.libraries.length > 0 && (
        <LibraryDropdown
          libraries={library.libraries}
          current={library.current}
          loading={library.isFetching}
          className="max-w-44 min-w-0 flex-1 sm:w-48 sm:flex-none lg:w-56 lg:max-w-none"
        />
      )}

      <div className="hidden flex-1 sm:block" />

      {library.current && (
        <>
          <GlobalSearch
            key={library.current.id}
            library={library.current}
            className="hidden w-48 sm:block lg:w-80"
          />
          <PhoneSearch key={library.current.id} library={library.current} />
        </>
      )}

      <nav
        aria-label={t('LabelUserNavigation')}
        className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1"
      >
        {castOn && <CastLauncher />}
        <TaskWidget />
        <div className="hidden items-center gap-1 lg:flex">
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
                'ms-1 flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition',
                isActive
                  ? 'border-primary/50 bg-primary/15 text-primary'
                  : 'border-border text-fg hover:bg-surface-raised',
              )
            }
          >
            <Icon name="account" className="size-5" />
            <span className="max-w-32 truncate">{user.username}</span>
          </NavLink>
        </div>
        <AppMenu
          username={user.username}
          canUpload={user.permissions.upload}
          isAdmin={isAdmin}
          className="lg:hidden"
        />
      </nav>
    </header>
  )
}
