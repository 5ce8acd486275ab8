import type { LibraryFile } from '@shelfcast/contracts'
import { fileRoutes, fillPath, isAdminOrUp } from '@shelfcast/contracts/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmPrompt } from '@/components/ui/index.ts'
import { LibraryFilesTable, TracksTable } from '@/features/browse/on-demand.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useItemFileActions, type EditableItem } from '../api.ts'
import { FfprobeDialog } from './FfprobeDialog.tsx'
import { ItemFileMenu, type FileRights } from './ItemFileMenu.tsx'
import { TrackOrderEditor, trackOrderKey } from './TrackOrderEditor.tsx'

/**
 * The item's files with a menu each (download, ffprobe data, ebook status, delete, as the user may), and its
 * audio tracks: an order editor for users who may update items, the plain list for the others.
 */
export function FilesTab({ item }: { item: EditableItem }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const token = useSessionStore((s) => s.accessToken)
  const user = useSessionStore((s) => s.user)
  const rights: FileRights = {
    download: !!user?.permissions.download,
    update: !!user?.permissions.update,
    delete: !!user?.permissions.delete,
    admin: !!user && isAdminOrUp(user.type),
  }
  const book = item.mediaType === 'book' ? item.media : null
  const { removeFile, toggleEbook } = useItemFileActions(item.id)
  const [probing, setProbing] = useState<LibraryFile | null>(null)
  const [deleting, setDeleting] = useState<LibraryFile | null>(null)

  // A link cannot send a bearer header: the download route takes the token as ?token= (API conventions).
  const download = (file: LibraryFile) => {
    const link = document.createElement('a')
    link.href = api.url(fillPath(fileRoutes.downloadItemFile.path, { id: item.id, ino: file.ino }), { token })
    link.download = file.metadata.filename
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  }

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await removeFile.mutateAsync(deleting.ino)
      toast.success(t('ToastFileDeleted', { name: deleting.metadata.filename }))
      setDeleting(null)
    } catch (error) {
      console.error('[item-edit] file not deleted', error)
      toast.error(`${t('ToastFileDeleteFailed')}: ${errorMessage(error, t)}`)
    }
  }

  const toggle = async (file: LibraryFile) => {
    try {
      await toggleEbook.mutateAsync(file.ino)
    } catch (error) {
      console.error('[item-edit] ebook status not changed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  const fileMenu = (file: LibraryFile) => (
    <ItemFileMenu
      file={file}
      isBook={book !== null}
      rights={rights}
      onDownload={download}
      onFfprobe={setProbing}
      onDelete={setDeleting}
      onToggleEbook={(f) => void toggle(f)}
    />
  )
  const anyAction = rights.download || rights.update || rights.delete || rights.admin

  return (
    <div className="-mt-4" data-testid="edit-files">
      {item.libraryFiles.length === 0 ? (
        <p className="mt-8 text-sm text-muted">{t('MessageNoFiles')}</p>
      ) : (
        <LibraryFilesTable files={item.libraryFiles} fileAction={anyAction ? fileMenu : undefined} />
      )}
      {book &&
        book.audioFiles.length > 0 &&
        (rights.update ? (
          <TrackOrderEditor key={trackOrderKey(book.audioFiles)} itemId={item.id} files={book.audioFiles} />
        ) : (
          <TracksTable files={book.audioFiles} />
        ))}
      <FfprobeDialog itemId={item.id} file={probing} onClose={() => setProbing(null)} />
      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteFile')}
        message={t('MessageConfirmDeleteFileNamed', { name: deleting?.metadata.relPath ?? '' })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={removeFile.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="file-delete-prompt"
      />
    </div>
  )
}
