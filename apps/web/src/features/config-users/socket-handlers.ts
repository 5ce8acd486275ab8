import type { OnlineUser } from '@shelfcast/contracts'
import { socketEvents, type SocketEventContext } from '@/lib/socket/index.ts'
import { userKeys } from './api.ts'

/** Admin views of accounts follow the server: online dots, and accounts added, changed or removed. */
export function registerUserAdminSocketHandlers(): () => void {
  const setOnline = ({ queryClient }: SocketEventContext, user: OnlineUser, online: boolean) => {
    if (!user?.id) return
    queryClient.setQueryData<OnlineUser[]>(userKeys.online(), (list) => {
      // Not loaded yet: the page loads the full list when it opens.
      if (!list) return list
      const others = list.filter((u) => u.id !== user.id)
      return online ? [...others, user] : others
    })
  }
  const refreshList = ({ queryClient }: SocketEventContext) =>
    void queryClient.invalidateQueries({ queryKey: userKeys.list() })
  const offs = [
    socketEvents.register('user_online', (context, user: OnlineUser) => setOnline(context, user, true)),
    socketEvents.register('user_offline', (context, user: OnlineUser) => setOnline(context, user, false)),
    socketEvents.register('user_added', refreshList),
    socketEvents.register('user_updated', refreshList),
    socketEvents.register('user_removed', refreshList),
  ]
  return () => offs.forEach((off) => off())
}
