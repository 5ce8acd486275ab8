import type { LibraryFile } from '@shelfcast/contracts'
import { fileRoutes, fillPath, isAdminOrUp } from '@shelfcast/contracts/client'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmPrompt } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useItemFileActions } from '../item-files-api.ts'
import { FfprobeDialog } from './FfprobeDialog.tsx'
import { ItemFileMenu, type FileRights } from './ItemFileMenu.tsx'

/** The signed-in user's rights over an item's files. */
export function useFileRights(): FileRights {
  const user = useSessionStore((s) => s.user)
  return {
    download: !!user?.permissions.download,
    update: !!user?.permissions.update,
    delete: !!user?.permissions.delete,
    admin: !!user && isAdminOrUp(user.type),
  }
}

/**
 * The per-file menu of an item's files (download, ffprobe data, ebook status, delete) with the dialogs it opens:
 * `menu(file)` for a table's last cell (null when the user may do nothing), `dialogs` mounted once beside it.
 */
export function useItemFileMenu(item: { id: string; mediaType: string }): {
  menu: ((file: LibraryFile) => ReactNode) | null
  dialogs: ReactNode
} {
  const { t } = useTranslation()
  const api = useApiClient()
  const token = useSessionStore((s) => s.accessToken)
  const rights = useFileRights()
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
      console.error('[browse] file not deleted', error)
      toast.error(`${t('ToastFileDeleteFailed')}: ${errorMessage(error, t)}`)
    }
  }

  const toggle = async (file: LibraryFile) => {
    try {
      await toggleEbook.mutateAsync(file.ino)
    } catch (error) {
      console.error('[browse] ebook status not changed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  const anyAction = rights.download || rights.update || rights.delete || rights.admin
  const menu = (file: LibraryFile) => (
    <ItemFileMenu
      file={file}
      isBook={item.mediaType === 'book'}
      rights={rights}
      onDownload={download}
      onFfprobe={setProbing}
      onDelete={setDeleting}
      onToggleEbook={(f) => void toggle(f)}
    />
  )
  const dialogs = (
    <>
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
    </>
  )
  return { menu: anyAction ? menu : null, dialogs }
}
