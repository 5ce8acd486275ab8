import * as Menu from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, type IconName } from '../../components/ui/index.ts'
import { useLogout } from '../../features/auth/index.ts'

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-fg outline-none data-[highlighted]:bg-surface data-[highlighted]:text-primary'

function MenuLink({
  to,
  icon,
  testId,
  children,
}: {
  to: string
  icon: IconName
  testId: string
  children: ReactNode
}) {
  return (
    <Menu.Item asChild>
      <Link to={to} className={itemClass} data-testid={testId}>
        <Icon name={icon} className="size-5 shrink-0 text-muted" />
        <span className="min-w-0 flex-1 truncate">{children}</span>
      </Link>
    </Menu.Item>
  )
}

/**
 * The app bar's overflow menu below 1024 px, where the bar has no room for the user's links: stats,
 * upload (with upload permission), settings (admins), account and logout.
 */
export function AppMenu({
  username,
  canUpload,
  isAdmin,
  className,
}: {
  username: string
  canUpload: boolean
  isAdmin: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const logout = useLogout()
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('LabelAppMenu')}
        title={t('LabelAppMenu')}
        data-testid="app-menu"
        className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-raised hover:text-fg data-[state=open]:bg-surface-raised data-[state=open]:text-fg ${className ?? ''}`}
      >
        <Icon name="more" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface-raised p-1 text-fg shadow-2xl"
        >
          <MenuLink to="/config/stats" icon="stats" testId="app-menu-stats">
            {t('HeaderYourStats')}
          </MenuLink>
          {canUpload && (
            <MenuLink to="/upload" icon="upload" testId="app-menu-upload">
              {t('ButtonUpload')}
            </MenuLink>
          )}
          {isAdmin && (
            <MenuLink to="/config" icon="settings" testId="app-menu-settings">
              {t('HeaderSettings')}
            </MenuLink>
          )}
          <Menu.Separator className="my-1 h-px bg-border" />
          <MenuLink to="/account" icon="account" testId="app-menu-account">
            {t('HeaderAccount')}
            <span className="block truncate text-xs text-muted">{username}</span>
          </MenuLink>
          <Menu.Item className={itemClass} data-testid="app-menu-logout" onSelect={() => logout.mutate()}>
            <Icon name="logout" className="size-5 shrink-0 text-muted" />
            <span className="min-w-0 flex-1 truncate">{t('ButtonLogout')}</span>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
