import { Outlet } from 'react-router'
import { useErrorQueryToast } from './hooks/useErrorQueryToast.ts'

/** Above every route: behaviour that applies to all pages. */
export function RootRoute() {
  useErrorQueryToast()
  return <Outlet />
}
