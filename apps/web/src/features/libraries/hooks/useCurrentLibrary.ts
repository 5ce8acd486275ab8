import type { Library } from '@shelfcast/contracts'
import { useMatches } from 'react-router'
import { useSessionStore } from '@/lib/session-store.ts'
import { useLibraries } from '../api.ts'
import { resolveCurrentLibraryId, sortLibraries, useCurrentLibraryStore } from '../model/current-library.ts'

export interface CurrentLibrary {
  libraries: Library[]
  current: Library | null
  /** The library id in the URL, if the route has one (it may not exist). */
  routeLibraryId: string | null
  /** The list has not arrived yet. */
  isLoading: boolean
  isFetching: boolean
}

export function useRouteLibraryId(): string | null {
  const matches = useMatches()
  return matches.at(-1)?.params.libraryId ?? null
}

export function useCurrentLibrary(): CurrentLibrary {
  const routeLibraryId = useRouteLibraryId()
  const query = useLibraries()
  const selectedId = useCurrentLibraryStore((s) => s.selectedId)
  const defaultId = useSessionStore((s) => s.userDefaultLibraryId)
  const libraries = sortLibraries(query.data ?? [])
  const currentId = resolveCurrentLibraryId({ libraries, routeLibraryId, selectedId, defaultId })
  return {
    libraries,
    current: libraries.find((l) => l.id === currentId) ?? null,
    routeLibraryId,
    isLoading: query.isPending,
    isFetching: query.isFetching,
  }
}
