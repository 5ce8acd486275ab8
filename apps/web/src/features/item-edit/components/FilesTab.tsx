import { useTranslation } from 'react-i18next'
import {
  LibraryFilesTable,
  TracksTable,
  useFileRights,
  useItemFileMenu,
} from '@/features/browse/on-demand.ts'
import type { EditableItem } from '../api.ts'
import { TrackOrderEditor, trackOrderKey } from './TrackOrderEditor.tsx'

/**
 * The item's files with a menu each (download, ffprobe data, ebook status, delete, as the user may), and its
 * audio tracks: an order editor for users who may update items, the plain list for the others.
 */
export function FilesTab({ item }: { item: EditableItem }) {
  const { t } = useTranslation()
  const rights = useFileRights()
  const book = item.mediaType === 'book' ? item.media : null
  const { menu, dialogs } = useItemFileMenu(item)

  return (
    <div className="-mt-4" data-testid="edit-files">
      {item.libraryFiles.length === 0 ? (
        <p className="mt-8 text-sm text-muted">{t('MessageNoFiles')}</p>
      ) : (
        <LibraryFilesTable files={item.libraryFiles} fileAction={menu ?? undefined} />
      )}
      {book &&
        book.audioFiles.length > 0 &&
        (rights.update ? (
          <TrackOrderEditor key={trackOrderKey(book.audioFiles)} itemId={item.id} files={book.audioFiles} />
        ) : (
          <TracksTable files={book.audioFiles} />
        ))}
      {dialogs}
    </div>
  )
}
