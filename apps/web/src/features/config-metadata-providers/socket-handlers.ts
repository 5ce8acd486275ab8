import type { CustomMetadataProvider } from '@shelfcast/contracts'
import { socketEvents } from '@/lib/socket/index.ts'
import { refreshProviderLists } from './api.ts'

/** custom_metadata_provider_added / _removed (to admins): another admin's change shows at once. */
export function registerCustomProviderSocketHandlers(): () => void {
  const offs = [
    socketEvents.register(
      'custom_metadata_provider_added',
      ({ queryClient }, provider: CustomMetadataProvider) => {
        if (provider?.id) refreshProviderLists(queryClient)
      },
    ),
    socketEvents.register(
      'custom_metadata_provider_removed',
      ({ queryClient }, provider: CustomMetadataProvider) => {
        if (provider?.id) refreshProviderLists(queryClient)
      },
    ),
  ]
  return () => offs.forEach((off) => off())
}
