import type { Library } from '@shelfcast/contracts'
import { create } from 'zustand'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'

/** Libraries in the order the server's displayOrder gives them. */
export function sortLibraries(libraries: readonly Library[]): Library[] {
  return [...libraries].sort((a, b) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name))
}

/**
 * Which library is current: the one in the route, else the last one chosen, else the user's default,
 * else the first. Only ids of libraries the user can see count.
 */
export function resolveCurrentLibraryId(input: {
  libraries: readonly Library[]
  routeLibraryId?: string | null
  selectedId?: string | null
  defaultId?: string | null
}): string | null {
  const known = (id: string | null | undefined): id is string =>
    !!id && input.libraries.some((l) => l.id === id)
  if (known(input.routeLibraryId)) return input.routeLibraryId
  if (known(input.selectedId)) return input.selectedId
  if (known(input.defaultId)) return input.defaultId
  return sortLibraries(input.libraries)[0]?.id ?? null
}

interface CurrentLibraryState {
  /** The library last chosen (by route or dropdown); kept across pages outside libraries and reloads. */
  selectedId: string | null
  select: (id: string | null) => void
}

export const useCurrentLibraryStore = create<CurrentLibraryState>()((set, get) => ({
  selectedId: readString(storageKeys.lastLibraryId),
  select: (selectedId) => {
    if (get().selectedId === selectedId) return
    writeString(storageKeys.lastLibraryId, selectedId)
    set({ selectedId })
  },
}))
