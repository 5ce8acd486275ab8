import type {
  NotificationInput,
  NotificationSettings,
  NotificationsResponse,
  UpdateNotificationRequest,
  UpdateNotificationSettingsRequest,
} from '@shelfcast/contracts'
import { notificationRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

export const notificationKeys = { all: ['notifications'] as const }

/** GET /api/notifications: the event definitions and the settings with every notification (admin). */
export function useNotifications() {
  const api = useApiClient()
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => api.call(notificationRoutes.get, { signal }),
  })
}

/** Every answer carries the whole settings: the cached page data takes them as they are. */
function useSetSettings() {
  const queryClient = useQueryClient()
  return (settings: NotificationSettings) =>
    queryClient.setQueryData<NotificationsResponse>(notificationKeys.all, (old) =>
      old ? { ...old, settings } : old,
    )
}

/** PATCH /api/notifications */
export function useUpdateNotificationSettings() {
  const api = useApiClient()
  const set = useSetSettings()
  return useMutation({
    mutationFn: async (body: UpdateNotificationSettingsRequest) =>
      (await api.call(notificationRoutes.updateSettings, { body })).settings,
    onSuccess: set,
  })
}

/** POST /api/notifications, or PATCH /api/notifications/:id when an id is given. */
export function useSaveNotification() {
  const api = useApiClient()
  const set = useSetSettings()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: NotificationInput }) =>
      id
        ? (await api.call(notificationRoutes.update, { params: { id }, body })).settings
        : (await api.call(notificationRoutes.create, { body })).settings,
    onSuccess: set,
  })
}

/** PATCH /api/notifications/:id with only `enabled`. */
export function useToggleNotification() {
  const api = useApiClient()
  const set = useSetSettings()
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (
        await api.call(notificationRoutes.update, {
          params: { id },
          body: { enabled } satisfies UpdateNotificationRequest,
        })
      ).settings,
    onSuccess: set,
  })
}

/** DELETE /api/notifications/:id */
export function useDeleteNotification() {
  const api = useApiClient()
  const set = useSetSettings()
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.call(notificationRoutes.remove, { params: { id } })).settings,
    onSuccess: set,
  })
}

/** GET /api/notifications/:id/test; then the page reloads the firing record. */
export function useTestNotification() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.call(notificationRoutes.test, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}
