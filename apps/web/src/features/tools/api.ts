import type { EmbedMetadataQuery } from '@shelfcast/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiClient } from '@/lib/api/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useTaskStore } from '@/features/tasks/index.ts'
import { encodeQuery, type EncodeOptions } from './model/tool-plan.ts'
import { embedRoutes, toolRoutes } from '@shelfcast/contracts/client'

export const toolKeys = {
  log: (itemId: string) => ['tools', 'log', itemId] as const,
}

/** How often the log is read again while a run goes on. */
export const LOG_REFRESH_MS = 2000

/** A started run's task goes to the task widget at once (its socket events then keep it current). */
function useToolMutation<V>(
  itemId: string,
  start: (api: ApiClient, vars: V) => ReturnType<typeof startEncode>,
) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const upsert = useTaskStore((s) => s.upsert)
  return useMutation({
    mutationFn: (vars: V) => start(api, vars),
    onSuccess: (answer) => {
      upsert(answer.task)
      void queryClient.invalidateQueries({ queryKey: toolKeys.log(itemId) })
    },
  })
}

const startEncode = (api: ApiClient, itemId: string, options: EncodeOptions) =>
  api.call(toolRoutes.encodeM4b, { params: { id: itemId }, query: encodeQuery(options) })

/** POST /api/tools/item/:id/encode-m4b. */
export const useStartEncode = (itemId: string) =>
  useToolMutation(itemId, (api, options: EncodeOptions) => startEncode(api, itemId, options))

/** DELETE /api/tools/item/:id/encode-m4b. */
export const useCancelEncode = (itemId: string) =>
  useToolMutation(itemId, (api, _vars: void) =>
    api.call(toolRoutes.cancelEncodeM4b, { params: { id: itemId } }),
  )

export interface EmbedOptions {
  backup: boolean
  forceEmbedChapters: boolean
}

/** POST /api/tools/item/:id/embed-metadata (flags as `1` / `0`, Audiobookshelf's form). */
export const useStartEmbed = (itemId: string) =>
  useToolMutation(itemId, (api, options: EmbedOptions) => {
    const query: EmbedMetadataQuery = {
      backup: options.backup ? '1' : '0',
      forceEmbedChapters: options.forceEmbedChapters ? '1' : '0',
    }
    return api.call(embedRoutes.embedMetadata, { params: { id: itemId }, query })
  })

/** POST /api/tools/item/:id/split-m4b. */
export const useSplitM4b = (itemId: string) =>
  useToolMutation(itemId, (api, bitrate: string) =>
    api.call(toolRoutes.splitM4b, { params: { id: itemId }, body: { bitrate } }),
  )

/** DELETE /api/tools/item/:id/split-m4b. */
export const useCancelSplit = (itemId: string) =>
  useToolMutation(itemId, (api, _vars: void) =>
    api.call(toolRoutes.cancelSplitM4b, { params: { id: itemId } }),
  )
