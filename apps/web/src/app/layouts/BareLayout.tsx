import { Outlet } from 'react-router'

/** Pages that stand alone: no app bar, no side rail (login). */
export function BareLayout() {
  return (
    <div className="min-h-dvh">
      <Outlet />
    </div>
  )
}
