import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { LoadingBox } from '@/components/ui/index.ts'
import { useCurrentLibrary } from '../hooks/useCurrentLibrary.ts'
import { NoLibraries } from './NoLibraries.tsx'

/** `/`: the current library's home, or the no-libraries message. */
export function HomeRedirect() {
  const { t } = useTranslation()
  const { current, isLoading } = useCurrentLibrary()
  if (isLoading) return <LoadingBox message={t('MessageLoading')} />
  if (!current) return <NoLibraries />
  return <Navigate to={`/library/${current.id}`} replace />
}
