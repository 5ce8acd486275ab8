import type { LoginSession } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, IconButton, QueryView } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale } from '@/lib/i18n/index.ts'
import { formatRelativeTime } from '@/lib/relative-time.ts'
import { toast } from '@/lib/toast-store.ts'
import { useLoginSessions, useRevokeLoginSession } from '../login-sessions-api.ts'

/** The browser and system of a login, or its raw User-Agent when the server named neither. */
function deviceName(session: LoginSession, unknown: string): string {
  const named = [session.browserName, session.osName].filter(Boolean).join(' · ')
  return named || session.userAgent?.slice(0, 80) || unknown
}

/** The account page's list of devices signed in, each but this one with a sign-out button. */
export function SignedInDevices() {
  const { t } = useTranslation()
  const query = useLoginSessions(true)
  const revoke = useRevokeLoginSession()
  const [now] = useState(() => Date.now())

  const signOut = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast.success(t('ToastDeviceSignedOut')),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastDeleteFailed')),
    })

  return (
    <section
      className="mt-6 rounded-2xl border border-border bg-surface p-6"
      aria-labelledby="devices-heading"
      data-testid="signed-in-devices"
    >
      <h2 id="devices-heading" className="text-lg font-semibold">
        {t('HeaderSignedInDevices')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('MessageSignedInDevicesHelp')}</p>
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        <ul className="mt-4 divide-y divide-border">
          {(query.data?.sessions ?? []).map((session) => {
            const name = deviceName(session, t('LabelUnknownDevice'))
            return (
              <li key={session.id} className="flex items-center gap-3 py-3" data-testid="device-row">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate" title={session.userAgent ?? undefined}>
                      {name}
                    </span>
                    {session.isCurrent && <Badge tone="primary">{t('LabelThisDevice')}</Badge>}
                  </p>
                  <p className="text-xs text-muted">
                    {t('LabelLastUsedAt', {
                      date: formatRelativeTime(session.lastUsedAt, now, dateLocale()),
                    })}
                    {session.ip ? ` · ${session.ip}` : ''}
                  </p>
                </div>
                {/* This device signs out with the Logout button above, which also clears it here. */}
                {!session.isCurrent && (
                  <IconButton
                    icon="logout"
                    tone="danger"
                    label={t('ButtonSignOutDevice', { device: name })}
                    title={t('ButtonSignOut')}
                    disabled={revoke.isPending && revoke.variables === session.id}
                    onClick={() => signOut(session.id)}
                    data-testid="device-sign-out"
                  />
                )}
              </li>
            )
          })}
        </ul>
      </QueryView>
    </section>
  )
}
