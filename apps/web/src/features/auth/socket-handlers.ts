import type { User } from '@shelfcast/contracts'
import { socketEvents } from '@/lib/socket/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'

/** user_updated concerns the signed-in user only (spec §6): permissions or username may have changed. */
export function registerAuthSocketHandlers(): () => void {
  const offUser = socketEvents.register('user_updated', (_context, user: User) => {
    const session = useSessionStore.getState()
    if (session.user && user?.id === session.user.id) session.setUser(user)
  })
  // The devices this user may send to changed (the login payload's list); admins' settings page refetches.
  const offDevices = socketEvents.register('ereader-devices-updated', ({ queryClient }, payload) => {
    useSessionStore.getState().setEreaderDevices(payload.ereaderDevices)
    void queryClient.invalidateQueries({ queryKey: ['email', 'settings'] })
  })
  return () => {
    offUser()
    offDevices()
  }
}
