import type { Theme } from '@shelfcast/contracts'
import { themes } from '@shelfcast/contracts/client'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, SelectField } from '@/components/ui/index.ts'
import { languageController, languages, useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { lazyComponent } from '@/lib/lazy-component.ts'
import { isTheme, setTheme, storedTheme } from '@/lib/theme.ts'
import { useLogout } from '../api.ts'
import { accountTypeKeys } from '../model/account-types.ts'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { SignedInDevices } from './SignedInDevices.tsx'

// Fetched only for users who may add their own ereader devices (createEreader).
const OwnEreaderDevices = lazyComponent(
  () => import('../../config-email/on-demand.ts'),
  'OwnEreaderDevices',
).Component

const themeKey: Record<Theme, string> = {
  dark: 'LabelThemeDark',
  light: 'LabelThemeLight',
  sepia: 'LabelThemeSepia',
}

/** /account: who you are, your password, and this device's language and theme. */
export function AccountPage() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const language = useLanguage()
  const [theme, setThemeState] = useState<Theme>(storedTheme)
  const logout = useLogout()
  if (!user) return null

  return (
    <div className="mx-auto max-w-3xl px-6 py-10 md:px-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('HeaderAccount')}</h1>

      <section className="mt-8 flex items-center gap-4 rounded-2xl border border-border bg-surface p-6">
        <div className="flex size-14 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Icon name="account" className="size-8" />
        </div>
        <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">{t('LabelUsername')}</dt>
          <dd className="font-semibold" data-testid="account-username">
            {user.username}
          </dd>
          <dt className="text-muted">{t('LabelAccountType')}</dt>
          <dd>{t(accountTypeKeys[user.type])}</dd>
        </dl>
        <Button variant="secondary" onClick={() => logout.mutate()} loading={logout.isPending}>
          <Icon name="logout" className="size-4" />
          {t('ButtonLogout')}
        </Button>
      </section>

      <section
        className="mt-6 grid gap-4 rounded-2xl border border-border bg-surface p-6 sm:grid-cols-2"
        aria-labelledby="preferences-heading"
      >
        <h2 id="preferences-heading" className="text-lg font-semibold sm:col-span-2">
          {t('HeaderPreferences')}
        </h2>
        <SelectField
          label={t('LabelLanguage')}
          value={language}
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          onChange={(e) => void languageController.setLanguage(e.target.value)}
        />
        <SelectField
          label={t('LabelTheme')}
          value={theme}
          options={themes.map((value) => ({ value, label: t(themeKey[value]) }))}
          onChange={(e) => {
            if (!isTheme(e.target.value)) return
            setTheme(e.target.value)
            setThemeState(e.target.value)
          }}
        />
      </section>

      {/* Guests share an account, so they cannot change its password (as in ABS). */}
      {user.type !== 'guest' && (
        <section className="mt-6 rounded-2xl border border-border bg-surface p-6">
          <ChangePasswordForm />
        </section>
      )}

      {/* Guests share one account: their devices are not theirs to see or sign out. */}
      {user.type !== 'guest' && <SignedInDevices />}

      {user.permissions.createEreader && (
        <Suspense fallback={null}>
          <OwnEreaderDevices />
        </Suspense>
      )}
    </div>
  )
}
