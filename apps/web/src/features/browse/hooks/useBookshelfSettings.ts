import type { LocalUserSettings, MediaType } from '@shelfcast/contracts'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSessionStore } from '@/lib/session-store.ts'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import type { BookshelfView } from '../components/ItemCard.tsx'
import { FILTER_ALL, isFilterAllowed, normalizeFilter, parseFilter } from '../model/filters.ts'
import { correctSortFilter } from '../model/sort.ts'

export interface BookshelfSettings {
  settings: LocalUserSettings
  /** The filter shown: `?filter=` when the URL has one (side rail Issues, links), else the stored one. */
  filterBy: string
  /** The URL's filter is showing (it is not stored: leaving the link returns to the stored filter). */
  filterFromUrl: boolean
  setFilter: (filterBy: string) => void
  update: (patch: Partial<LocalUserSettings>) => void
  view: BookshelfView
  setView: (view: BookshelfView) => void
}

function storedView(serverDefault: number | undefined): BookshelfView {
  const stored = readString(storageKeys.bookshelfView)
  if (stored === 'standard' || stored === 'detail') return stored
  return serverDefault === 1 ? 'detail' : 'standard'
}

/**
 * The bookshelf's sort, filter, size and view for a library of `mediaType`: the stored settings with
 * the corrections of spec §4 applied at once (and stored), and `?filter=` taking precedence.
 */
export function useBookshelfSettings(mediaType: MediaType): BookshelfSettings {
  const stored = useUserSettings((s) => s.settings)
  const update = useUserSettings((s) => s.update)
  const serverView = useSessionStore((s) => s.serverSettings?.bookshelfView)
  const [params, setParams] = useSearchParams()
  const [view, setViewState] = useState<BookshelfView>(() => storedView(serverView))

  const correction = correctSortFilter(stored, mediaType)
  const correctionKey = JSON.stringify(correction)
  useEffect(() => {
    const patch = JSON.parse(correctionKey) as Partial<LocalUserSettings>
    if (Object.keys(patch).length > 0) update(patch)
  }, [correctionKey, update])
  const settings = { ...stored, ...correction }

  const urlFilter = params.get('filter')
  const parsedUrlFilter = parseFilter(urlFilter)
  const filterFromUrl = urlFilter !== null && isFilterAllowed(parsedUrlFilter, mediaType)
  const filterBy = filterFromUrl ? normalizeFilter(urlFilter) : settings.filterBy

  const setFilter = (next: string) => {
    update({ filterBy: normalizeFilter(next) })
    if (params.has('filter')) {
      const without = new URLSearchParams(params)
      without.delete('filter')
      setParams(without, { replace: true })
    }
  }

  const setView = (next: BookshelfView) => {
    writeString(storageKeys.bookshelfView, next)
    setViewState(next)
  }

  return { settings, filterBy: filterBy || FILTER_ALL, filterFromUrl, setFilter, update, view, setView }
}
