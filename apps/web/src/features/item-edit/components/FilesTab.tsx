import type { LibraryFile } from '@shelfcast/contracts'
import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Icon } from '@/components/ui/index.ts'
import { LibraryFilesTable, TracksTable } from '@/features/browse/on-demand.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import type { EditableItem } from '../api.ts'

/** The item's files (with download links for users who may download) and its audio tracks. */
export function FilesTab({ item }: { item: EditableItem }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const token = useSessionStore((s) => s.accessToken)
  const canDownload = useSessionStore((s) => !!s.user?.permissions.download)
  const book = item.mediaType === 'book' ? item.media : null

  // A link cannot send a bearer header: media URLs take the token as ?token= (API conventions).
  const download = (file: LibraryFile) => (
    <a
      href={api.url(fillPath(itemRoutes.file.path, { id: item.id, ino: file.ino }), {
        token,
      })}
      download={file.metadata.filename}
      aria-label={t('ButtonDownloadFile', { name: file.metadata.filename })}
      title={t('ButtonDownloadFile', { name: file.metadata.filename })}
      className="inline-flex rounded-lg p-1.5 text-muted hover:bg-surface-raised hover:text-fg"
      data-testid="file-download"
    >
      <Icon name="arrowDown" className="size-4" />
    </a>
  )

  return (
    <div className="-mt-4" data-testid="edit-files">
      {item.libraryFiles.length === 0 ? (
        <p className="mt-8 text-sm text-muted">{t('MessageNoFiles')}</p>
      ) : (
        <LibraryFilesTable files={item.libraryFiles} fileAction={canDownload ? download : undefined} />
      )}
      {book && book.audioFiles.length > 0 && <TracksTable files={book.audioFiles} />}
    </div>
  )
}
