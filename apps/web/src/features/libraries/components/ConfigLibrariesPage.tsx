import { useTranslation } from 'react-i18next'
import { Alert, LoadingBox } from '@/components/ui/index.ts'
import { useLibraries } from '../api.ts'
import { sortLibraries } from '../model/current-library.ts'
import { LibraryIcon } from './LibraryIcon.tsx'

/**
 * /config/libraries: the libraries this server has. Creating and editing libraries lands with the
 * libraries feature; until then the page says so instead of offering controls that do nothing.
 */
export function ConfigLibrariesPage() {
  const { t } = useTranslation()
  const query = useLibraries()
  const libraries = sortLibraries(query.data ?? [])

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderLibraries')}</h1>
      <Alert tone="info" className="mt-4">
        {t('MessageLibraryManagementLater')}
      </Alert>
      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : libraries.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border px-6 py-10 text-center text-muted">
          {t('MessageNoLibrariesOnServer')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-2xl border border-border bg-surface">
          {libraries.map((library) => (
            <li key={library.id} className="flex items-start gap-4 px-5 py-4">
              <LibraryIcon icon={library.icon} className="mt-0.5 size-6 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{library.name}</p>
                <p className="text-xs text-muted">
                  {library.mediaType === 'book' ? t('LabelBookLibrary') : t('LabelPodcastLibrary')}
                </p>
                <ul className="mt-2 space-y-0.5">
                  {library.folders.map((folder) => (
                    <li key={folder.id} className="font-mono text-xs text-muted break-all">
                      {folder.fullPath}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
