import { isAdminOrUp } from '@shelfcast/contracts/client'
import { Navigate, Outlet } from 'react-router'
import { useSessionStore } from '../lib/session-store.ts'

/** Admin-only pages send everyone else home (spec §6). */
export function RequireAdmin() {
  const type = useSessionStore((s) => s.user?.type)
  if (!type || !isAdminOrUp(type)) return <Navigate to="/" replace />
  return <Outlet />
}
