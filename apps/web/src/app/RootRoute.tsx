import { Outlet, ScrollRestoration } from 'react-router'
import { useErrorQueryToast } from './hooks/useErrorQueryToast.ts'

/** Above every route: behaviour that applies to all pages. */
export function RootRoute() {
  useErrorQueryToast()
  // New pages open at the top; back and forward return to where the page was (the bookshelf grid
  // keeps its height from the cached total, so its position comes back too).
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
