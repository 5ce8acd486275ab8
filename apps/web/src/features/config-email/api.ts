import type {
  EmailSettings,
  EreaderDevice,
  EreaderDeviceInput,
  SendEbookToDeviceRequest,
  UpdateEmailSettingsRequest,
} from '@shelfcast/contracts'
import { emailRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'

/** Also invalidated by the `ereader-devices-updated` handler (features/auth/socket-handlers.ts). */
export const emailKeys = {
  settings: ['email', 'settings'] as const,
}

/** GET /api/emails/settings (admin). */
export function useEmailSettings() {
  const api = useApiClient()
  return useQuery({
    queryKey: emailKeys.settings,
    queryFn: async ({ signal }) => (await api.call(emailRoutes.getSettings, { signal })).settings,
  })
}

/** PATCH /api/emails/settings */
export function useUpdateEmailSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: UpdateEmailSettingsRequest) =>
      (await api.call(emailRoutes.updateSettings, { body })).settings,
    onSuccess: (settings) => queryClient.setQueryData<EmailSettings>(emailKeys.settings, settings),
  })
}

/** POST /api/emails/test */
export function useSendTestEmail() {
  const api = useApiClient()
  return useMutation({ mutationFn: () => api.call(emailRoutes.sendTest) })
}

/** POST /api/emails/ereader-devices: the whole list, as admins see it. */
export function useUpdateEreaderDevices() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (ereaderDevices: EreaderDeviceInput[]) =>
      (await api.call(emailRoutes.updateEreaderDevices, { body: { ereaderDevices } })).ereaderDevices,
    onSuccess: (ereaderDevices) => {
      queryClient.setQueryData<EmailSettings>(emailKeys.settings, (s) => (s ? { ...s, ereaderDevices } : s))
      useSessionStore.getState().setEreaderDevices(ereaderDevices)
    },
  })
}

/** POST /api/me/ereader-devices: the caller's own devices (the socket event brings the new full list). */
export function useUpdateOwnEreaderDevices() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (ereaderDevices: EreaderDeviceInput[]) =>
      (await api.call(emailRoutes.updateOwnEreaderDevices, { body: { ereaderDevices } })).ereaderDevices,
    onSuccess: (own: EreaderDevice[]) => {
      const session = useSessionStore.getState()
      const userId = session.user?.id
      const others = session.ereaderDevices.filter(
        (d) => !(d.availabilityOption === 'specificUsers' && d.users.length === 1 && d.users[0] === userId),
      )
      session.setEreaderDevices([...others, ...own])
    },
  })
}

/**
 * POST /api/emails/send-ebook-to-device. The outcome is reported from the mutation's own callbacks: the menu
 * that started the send closes (and unmounts) at once, which would drop callbacks given to `mutate`.
 */
export function useSendEbookToDevice(report: {
  sending: (deviceName: string) => string
  sent: (deviceName: string, pending: string) => void
  failed: (error: unknown, pending: string) => void
}) {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: SendEbookToDeviceRequest) => api.call(emailRoutes.sendEbookToDevice, { body }),
    onMutate: (body) => ({ pending: report.sending(body.deviceName) }),
    onSuccess: (_answer, body, context) => report.sent(body.deviceName, context.pending),
    onError: (error, _body, context) => report.failed(error, context?.pending ?? ''),
  })
}
