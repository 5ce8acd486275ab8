import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { LoadingBox } from '../components/ui/index.ts'
import { useSessionStore } from '../lib/session-store.ts'
import { useRouteName } from './route-names.ts'
import { loginRedirectFor } from './route-guard.ts'

/**
 * The route guard: waits for the stored session to be checked, then lets signed-in users through and
 * sends everyone else to /login (with a way back). A session that expires later clears the user,
 * which brings the visitor here again.
 */
export function RequireAuth() {
  const { t } = useTranslation()
  const status = useSessionStore((s) => s.status)
  const user = useSessionStore((s) => s.user)
  const loggedOut = useSessionStore((s) => s.loggedOut)
  const routeName = useRouteName()
  const location = useLocation()

  if (status === 'restoring') return <LoadingBox message={t('MessageLoading')} className="min-h-dvh" />
  if (!user) {
    const fullPath = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={loggedOut ? '/login' : loginRedirectFor(routeName, fullPath)} replace />
  }
  return <Outlet />
}
