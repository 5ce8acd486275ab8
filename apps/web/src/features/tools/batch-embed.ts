import type { ApiClient } from '@/lib/api/index.ts'
import { embedRoutes } from '@shelfcast/contracts/client'

/** POST /api/tools/batch/embed-metadata: the items join the embed queue; answers how many did. */
export const batchEmbedMetadata = (api: ApiClient, libraryItemIds: string[]) =>
  api.call(embedRoutes.batchEmbedMetadata, { body: { libraryItemIds } })
