import type { CustomMetadataProvider } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { libraryKeys } from '@/features/libraries/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { customProviderKeys } from './api.ts'
import { registerCustomProviderSocketHandlers } from './socket-handlers.ts'

const provider: CustomMetadataProvider = {
  id: 'p1',
  name: 'Home metadata',
  url: 'https://meta.example',
  mediaType: 'book',
  authHeaderValue: null,
  slug: 'custom-p1',
}
const stale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated

describe('custom provider socket handlers', () => {
  let off: (() => void) | undefined
  afterEach(() => off?.())

  it('refresh the provider list, the match providers and the libraries when another admin adds or removes one', () => {
    off = registerCustomProviderSocketHandlers()
    const queryClient = new QueryClient()
    for (const event of ['custom_metadata_provider_added', 'custom_metadata_provider_removed']) {
      queryClient.setQueryData(customProviderKeys.list(), [])
      queryClient.setQueryData(['search-providers'], {})
      queryClient.setQueryData(libraryKeys.detail('lib'), {})
      socketEvents.dispatch({ queryClient }, event, [provider])
      expect(stale(queryClient, customProviderKeys.list()), event).toBe(true)
      expect(stale(queryClient, ['search-providers']), event).toBe(true)
      expect(stale(queryClient, libraryKeys.detail('lib')), event).toBe(true)
    }
  })
})
