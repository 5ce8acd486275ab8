import type { LibraryFile } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Icon, Menu, MenuRow } from '@/components/ui/index.ts'

/** What the signed-in user may do with an item's files. */
export interface FileRights {
  download: boolean
  update: boolean
  delete: boolean
  admin: boolean
}

export interface ItemFileMenuProps {
  file: LibraryFile
  /** Books only: ebook files there can be made primary or supplementary. */
  isBook: boolean
  rights: FileRights
  onDownload: (file: LibraryFile) => void
  onFfprobe: (file: LibraryFile) => void
  onDelete: (file: LibraryFile) => void
  onToggleEbook: (file: LibraryFile) => void
}

/** The per-file menu of the files tab: download, ffprobe data (admins), ebook status, delete. */
export function ItemFileMenu({
  file,
  isBook,
  rights,
  onDownload,
  onFfprobe,
  onDelete,
  onToggleEbook,
}: ItemFileMenuProps) {
  const { t } = useTranslation()
  const ebookToggle = isBook && rights.update && file.fileType === 'ebook'
  const ffprobe = rights.admin && file.fileType === 'audio'
  if (!rights.download && !ffprobe && !ebookToggle && !rights.delete) return null
  return (
    <Menu
      label={t('LabelFileActions', { name: file.metadata.filename })}
      buttonContent={<Icon name="more" className="size-4" />}
      buttonClassName="h-8 w-8 justify-center border-0 bg-transparent px-0 hover:bg-surface-raised"
      align="end"
      panelClassName="w-56"
      testId="file-menu"
    >
      {rights.download && (
        <MenuRow testId="file-menu-download" onClick={() => onDownload(file)}>
          {t('ButtonDownload')}
        </MenuRow>
      )}
      {ffprobe && (
        <MenuRow testId="file-menu-ffprobe" onClick={() => onFfprobe(file)}>
          {t('LabelFfprobeData')}
        </MenuRow>
      )}
      {ebookToggle && (
        <MenuRow testId="file-menu-ebook-status" onClick={() => onToggleEbook(file)}>
          {file.isSupplementary ? t('LabelSetEbookAsPrimary') : t('LabelSetEbookAsSupplementary')}
        </MenuRow>
      )}
      {rights.delete && (
        <MenuRow testId="file-menu-delete" onClick={() => onDelete(file)}>
          <span className="text-error">{t('ButtonDelete')}</span>
        </MenuRow>
      )}
    </Menu>
  )
}
