import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, type IconName } from '../../components/ui/index.ts'
import {
  isOpeningKey,
  useOpenRequest,
  useRadix,
  useTriggerSwitch,
} from '../../components/ui/radix-on-demand.ts'
import { useLogout } from '../../features/auth/index.ts'

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm text-fg outline-none data-[highlighted]:bg-surface data-[highlighted]:text-primary'

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
  // Rendered only inside the open menu, so the Radix code is there.
  const Menu = useRadix()?.RadixDropdownMenu
  if (!Menu) return null
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
 * upload (with upload permission), settings (admins), account and logout. Until the Radix code arrives
 * (radix-on-demand.ts) the trigger is a plain button that looks the same; a press on it opens the menu as
 * soon as the code is there.
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
  const radix = useRadix()
  const { staticRef, radixRef } = useTriggerSwitch(radix)
  const { openRequested, requestOpen } = useOpenRequest()
  const triggerProps = {
    'aria-label': t('LabelAppMenu'),
    title: t('LabelAppMenu'),
    'data-testid': 'app-menu',
    className: `flex size-10 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-raised hover:text-fg data-[state=open]:bg-surface-raised data-[state=open]:text-fg ${className ?? ''}`,
  }

  if (!radix) {
    return (
      <button
        ref={staticRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        {...triggerProps}
        onClick={requestOpen}
        onKeyDown={(event) => {
          if (!isOpeningKey(event.key)) return
          event.preventDefault()
          requestOpen()
        }}
      >
        <Icon name="more" />
      </button>
    )
  }
  const { RadixDropdownMenu: Menu } = radix
  return (
    <Menu.Root defaultOpen={openRequested}>
      <Menu.Trigger ref={radixRef} {...triggerProps}>
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
