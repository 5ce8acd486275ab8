import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet } from 'react-router'
import { LoadingBox } from '@/components/ui/index.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCurrentLibrary } from '../hooks/useCurrentLibrary.ts'
import { resolveCurrentLibraryId, useCurrentLibraryStore } from '../model/current-library.ts'
import { NoLibraries } from './NoLibraries.tsx'

/**
 * Wraps every /library/:libraryId page: makes the route's library current, and when it does not
 * exist (removed, or not accessible) warns and moves on to the next accessible library.
 */
export function LibraryRoute() {
  const { t } = useTranslation()
  const { libraries, routeLibraryId, isLoading } = useCurrentLibrary()
  const select = useCurrentLibraryStore((s) => s.select)
  const selectedId = useCurrentLibraryStore((s) => s.selectedId)
  const exists = libraries.some((l) => l.id === routeLibraryId)
  const warnedFor = useRef<string | null>(null)

  useEffect(() => {
    if (exists && routeLibraryId) select(routeLibraryId)
  }, [exists, routeLibraryId, select])

  useEffect(() => {
    if (isLoading || exists || !routeLibraryId || warnedFor.current === routeLibraryId) return
    warnedFor.current = routeLibraryId
    toast.warning(t('ToastLibraryNotFound'))
  }, [isLoading, exists, routeLibraryId, t])

  if (isLoading) return <LoadingBox message={t('MessageLoading')} />
  if (libraries.length === 0) return <NoLibraries />
  if (!exists) {
    const nextId = resolveCurrentLibraryId({
      libraries,
      selectedId: selectedId === routeLibraryId ? null : selectedId,
    })
    return <Navigate to={nextId ? `/library/${nextId}` : '/'} replace />
  }
  return <Outlet />
}
