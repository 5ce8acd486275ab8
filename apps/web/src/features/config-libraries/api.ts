import type { CreateLibraryRequest, Library, Task, UpdateLibraryRequest } from '@shelfcast/contracts'
import {
  libraryFromJson,
  libraryCareRoutes,
  libraryRoutes,
  fileRoutes,
  scanRoutes,
} from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useTaskStore } from '@/features/tasks/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { createFolderCache, type FolderCache } from './model/folder-cache.ts'
import { applyOrder, orderRequest } from './model/reorder.ts'

/** Every library query (list, details) after a change: the dropdown and side rail follow at once. */
function useInvalidateLibraries() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: libraryKeys.all })
}

/** POST /api/libraries */
export function useCreateLibrary() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const invalidate = useInvalidateLibraries()
  return useMutation({
    mutationFn: async (body: CreateLibraryRequest) =>
      libraryFromJson(await api.call(libraryRoutes.create, { body })),
    onSuccess: async (library) => {
      queryClient.setQueryData<Library[]>(libraryKeys.list(), (list) =>
        list && !list.some((l) => l.id === library.id) ? [...list, library] : list,
      )
      await invalidate()
    },
  })
}

/** PATCH /api/libraries/:id */
export function useUpdateLibrary() {
  const api = useApiClient()
  const invalidate = useInvalidateLibraries()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLibraryRequest }) =>
      api.call(libraryRoutes.update, { params: { id }, body }),
    onSuccess: () => invalidate(),
  })
}

/** DELETE /api/libraries/:id */
export function useDeleteLibrary() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const invalidate = useInvalidateLibraries()
  return useMutation({
    mutationFn: (library: Library) => api.call(libraryRoutes.remove, { params: { id: library.id } }),
    onSuccess: async (_answer, library) => {
      queryClient.setQueryData<Library[]>(libraryKeys.list(), (list) =>
        list?.filter((l) => l.id !== library.id),
      )
      await invalidate()
    },
  })
}

/**
 * POST /api/libraries/order. The list moves at once; a refusal puts the old order back (the caller
 * shows the message).
 */
export function useReorderLibraries() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ordered: Library[]) => api.call(libraryRoutes.reorder, { body: orderRequest(ordered) }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.list() })
      const previous = queryClient.getQueryData<Library[]>(libraryKeys.list())
      queryClient.setQueryData<Library[]>(libraryKeys.list(), applyOrder(ordered))
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(libraryKeys.list(), context.previous)
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(libraryKeys.list(), answer.libraries.map(libraryFromJson))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  })
}

/** POST /api/libraries/:id/scan?force=0|1: answers at once ("OK" or "Already scanning"); the task events follow. */
export function useScanLibrary() {
  const api = useApiClient()
  return useMutation({
    mutationFn: ({ library, force }: { library: Library; force: boolean }) =>
      api.call(scanRoutes.scanLibrary, { params: { id: library.id }, query: { force: force ? 1 : 0 } }),
  })
}

/** Ids of libraries with a scan still running (the task store follows the server's task events). */
export function useRunningScans(): Set<string> {
  const tasks = useTaskStore((s) => s.tasks)
  const running = (task: Task) => task.action === 'library-scan' && !task.isFinished && !!task.data.libraryId
  return new Set(tasks.filter(running).map((t) => t.data.libraryId as string))
}

/** One folder cache per folder browser (GET /api/filesystem?path=&level=, answers kept 5 s). */
export function useFolderCache(): FolderCache {
  const api = useApiClient()
  const [cache] = useState(() =>
    createFolderCache((path, level) =>
      api.call(fileRoutes.folders, { query: { path: path || undefined, level } }),
    ),
  )
  return cache
}

/** POST /api/libraries/:id/remove-metadata?ext=: deletes the metadata files in the library's item folders. */
export function useRemoveMetadataFiles(libraryId: string) {
  const api = useApiClient()
  return useMutation({
    mutationFn: (ext: 'json' | 'abs') =>
      api.call(libraryCareRoutes.removeMetadata, { params: { id: libraryId }, query: { ext } }),
  })
}
