import type { GenresResponse, TagsResponse } from '@shelfcast/contracts'
import { browseRoutes, itemMetadataRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { browseKeys, itemKeys } from '@/features/browse/index.ts'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { nameToBase64 } from './model/meta-kinds.ts'

export const metaValueKeys = {
  all: ['item-metadata'] as const,
  list: (kind: 'tag' | 'genre') => ['item-metadata', kind] as const,
}

/** A value with how many items hold it. */
export interface CountedValue {
  name: string
  count: number
}

const counted = (names: readonly string[], counts: Record<string, number> | undefined): CountedValue[] =>
  names.map((name) => ({ name, count: counts?.[name] ?? 0 }))

/** GET /api/tags or /api/genres with include=count (admins). */
export function useMetaValues(kind: 'tag' | 'genre') {
  const api = useApiClient()
  return useQuery({
    queryKey: metaValueKeys.list(kind),
    queryFn: async ({ signal }): Promise<CountedValue[]> => {
      if (kind === 'tag') {
        const answer: TagsResponse = await api.call(browseRoutes.tags, {
          query: { include: 'count' },
          signal,
        })
        return counted(answer.tags, answer.counts)
      }
      const answer: GenresResponse = await api.call(browseRoutes.genres, {
        query: { include: 'count' },
        signal,
      })
      return counted(answer.genres, answer.counts)
    },
  })
}

/**
 * After a change every list that shows these values is stale: the lists here, filter data (the bookshelf
 * filter menu), item pages and library pages. items_updated refreshes most of them too; this covers a
 * missed socket.
 */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: metaValueKeys.all })
  void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
  void queryClient.invalidateQueries({ queryKey: browseKeys.all })
  void queryClient.invalidateQueries({ queryKey: itemKeys.all })
}

/** The answer of a rename: whether it merged, and how many items changed. */
export interface RenameResult {
  merged: boolean
  updated: number
}

/** POST /api/tags/rename or /api/genres/rename. */
export function useRenameMetaValue(kind: 'tag' | 'genre') {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }): Promise<RenameResult> => {
      if (kind === 'tag') {
        const r = await api.call(itemMetadataRoutes.renameTag, { body: { tag: from, newTag: to } })
        return { merged: r.tagMerged, updated: r.numItemsUpdated }
      }
      const r = await api.call(itemMetadataRoutes.renameGenre, { body: { genre: from, newGenre: to } })
      return { merged: r.genreMerged, updated: r.numItemsUpdated }
    },
    onSettled: () => refreshAfterChange(queryClient),
  })
}

/** DELETE /api/tags/:tag or /api/genres/:genre (base64 names). */
export function useRemoveMetaValue(kind: 'tag' | 'genre') {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string): Promise<number> => {
      const r =
        kind === 'tag'
          ? await api.call(itemMetadataRoutes.removeTag, { params: { tag: nameToBase64(name) } })
          : await api.call(itemMetadataRoutes.removeGenre, { params: { genre: nameToBase64(name) } })
      return r.numItemsUpdated
    },
    onSettled: () => refreshAfterChange(queryClient),
  })
}

/** PATCH /api/libraries/:id/narrators/:narratorId (the id is base64 of the name). */
export function useRenameNarrator(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }): Promise<number> =>
      (
        await api.call(itemMetadataRoutes.renameNarrator, {
          params: { id: libraryId, narratorId: nameToBase64(from) },
          body: { name: to },
        })
      ).updated,
    onSettled: () => refreshAfterChange(queryClient),
  })
}

/** DELETE /api/libraries/:id/narrators/:narratorId. */
export function useRemoveNarrator(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string): Promise<number> =>
      (
        await api.call(itemMetadataRoutes.removeNarrator, {
          params: { id: libraryId, narratorId: nameToBase64(name) },
        })
      ).updated,
    onSettled: () => refreshAfterChange(queryClient),
  })
}
