import type { LoginResponse } from '@shelfcast/contracts'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { Alert, Button, LoadingBox } from '@/components/ui/index.ts'
import { usePrefetchHomeShelves } from '@/features/browse/index.ts'
import { useCurrentLibraryStore } from '@/features/libraries/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useServerStatus } from '../api.ts'
import { leavePage } from '../model/leave-page.ts'
import { shouldAutoLaunchOpenId } from '../model/openid-auto-launch.ts'
import { loginOptions, openIdCallbackUrl } from '../model/openid-login.ts'
import { safeRedirectTarget } from '../model/redirect-target.ts'
import { AuthCard } from './AuthCard.tsx'
import { LoginForm } from './LoginForm.tsx'
import { SetupForm } from './SetupForm.tsx'

/**
 * /login: first-run setup when the server has no root user yet, else the sign-in form. Once signed in
 * it leaves for the `redirect` query (app paths only) or home.
 */
export function LoginPage() {
  const { t } = useTranslation()
  const api = useApiClient()
  const [search, setSearch] = useSearchParams()
  const user = useSessionStore((s) => s.user)
  const sessionStatus = useSessionStore((s) => s.status)
  const status = useServerStatus()
  const [createdRoot, setCreatedRoot] = useState<string | null>(null)
  const prefetchHomeShelves = usePrefetchHomeShelves()
  const target = safeRedirectTarget(search.get('redirect')) ?? '/'

  // Signing in lands on home: its shelves start with the login answer, beside /api/libraries rather than
  // after it (the library is the one home will pick: the last chosen, else the user's default).
  const startHome = (session: LoginResponse) => {
    const libraryId = useCurrentLibraryStore.getState().selectedId ?? session.userDefaultLibraryId
    if (target === '/' && libraryId) prefetchHomeShelves(libraryId)
  }

  // Back from a failed OpenID sign-in: `?error=` says why (a successful one was taken at load: session-store).
  const [openIdError] = useState(() => search.get('error'))
  useEffect(() => {
    if (!search.has('error')) return
    const next = new URLSearchParams(search)
    next.delete('error')
    setSearch(next, { replace: true })
  }, [search, setSearch])

  const startOpenId = () => launchOpenId(api.url, target)
  const autoLaunch = status.data && !openIdError ? shouldAutoLaunchOpenId(status.data, search) : false
  useEffect(() => {
    // ABS behaviour: straight to the provider when the admin asked for it; ?autoLaunch=0 stops it.
    if (autoLaunch) launchOpenId(api.url, target)
  }, [autoLaunch, api, target])

  if (user) return <Navigate to={target} replace />
  if (sessionStatus === 'restoring' || status.isPending || autoLaunch)
    return <LoadingBox message={t('MessageLoading')} className="min-h-dvh" />

  if (status.isError) {
    return (
      <AuthCard title={t('HeaderLogin')}>
        <div className="flex flex-col gap-4">
          <Alert>{errorMessage(status.error, t)}</Alert>
          <Button variant="secondary" onClick={() => void status.refetch()} loading={status.isFetching}>
            {t('ButtonRetry')}
          </Button>
        </div>
      </AuthCard>
    )
  }

  if (!status.data.isInit && !createdRoot)
    return <SetupForm status={status.data} onCreated={setCreatedRoot} />
  return (
    <LoginForm
      initialUsername={createdRoot ?? ''}
      notice={createdRoot ? t('MessageRootUserCreated') : null}
      onSignedIn={startHome}
      options={loginOptions(status.data)}
      onOpenId={startOpenId}
      error={openIdError}
    />
  )
}

/** To the provider through GET /auth/openid, which brings the browser back to this page (and its `redirect`). */
function launchOpenId(url: ApiClient['url'], target: string) {
  const callback = openIdCallbackUrl(
    window.location.origin,
    url('/login', { redirect: target === '/' ? null : target }),
  )
  leavePage(url('/auth/openid', { callback }))
}
