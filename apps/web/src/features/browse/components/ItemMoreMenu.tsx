import type { ReactNode } from 'react'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Icon, Menu, MenuRow, cn } from '@/components/ui/index.ts'
import { useQueueToggle, type QueueItem, type QueueToggle } from '@/features/player/index.ts'
import { openAddToCollection, openAddToPlaylist } from '@/lib/add-to-list-modal.ts'
import { openDeleteItem, type DeleteItemRequest } from '@/lib/item-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { openShareModal } from '@/lib/share-modal.ts'

/** The item as the collection and playlist entries of the menu need it. */
export interface ListMenuTarget {
  libraryItemId: string
  libraryId: string
  /** Collections hold books only. */
  isBook: boolean
  /** Playlists hold what can play. */
  playable: boolean
}

export interface ItemMoreMenuProps {
  queueEntry: QueueItem
  /** False when the item cannot play: no queue entry then. */
  queueable?: boolean
  /** Offers "Add to collection" (books, update permission) and "Add to playlist" (playable items). */
  lists?: ListMenuTarget
  /** Offers "Delete" (delete permission) through the globally mounted prompt. */
  deletable?: DeleteItemRequest
  /** Offers "Share" (admins; a book with audio) through the globally mounted share modal. */
  shareItemId?: string
  /** Offers "Read" (a card of a book with an ebook and audio; without audio the card's main button reads). */
  onRead?: () => void
  /** Offers "Discard progress" (the item page of a book with progress); the caller asks first. */
  onDiscardProgress?: () => void
  /** Round overlay button on a card, or a plain button beside the item page's play button. */
  variant: 'card' | 'page'
  className?: string
  testId?: string
  /** More rows at the end (the item page's Send to device). */
  children?: ReactNode
}

/**
 * The item's more menu (cards and the item page): add/remove from the player queue while something else
 * plays, add to a collection or playlist, delete (through the globally mounted modals). With nothing to
 * offer no button shows.
 */
export function ItemMoreMenu({
  queueEntry,
  queueable = true,
  lists,
  deletable,
  shareItemId,
  onRead,
  onDiscardProgress,
  variant,
  className,
  testId,
  children,
}: ItemMoreMenuProps) {
  const { t } = useTranslation()
  const toggle = useQueueToggle(queueEntry)
  const queue = queueable ? toggle : null
  const user = useSessionStore((s) => s.user)
  const canCollect = !!lists && lists.isBook && !!user?.permissions.update
  const canPlaylist = !!lists && lists.playable && !!user
  const canDelete = !!deletable && !!user?.permissions.delete
  const canShare = !!shareItemId && !!user && isAdminOrUp(user.type)
  if (
    !queue &&
    !canCollect &&
    !canPlaylist &&
    !canShare &&
    !canDelete &&
    !onDiscardProgress &&
    !onRead &&
    !children
  )
    return null
  return (
    <div className={className}>
      <Menu
        label={t('LabelMoreActions')}
        buttonContent={<Icon name="more" className={variant === 'card' ? 'size-4' : 'size-5'} />}
        buttonClassName={cn(
          variant === 'card' && 'h-8 w-8 justify-center rounded-full border-0 bg-black/60 px-0 text-white',
        )}
        align="end"
        panelClassName="w-48"
        testId={testId}
      >
        {onRead && (
          <MenuRow testId="menu-read" onClick={onRead}>
            {t('ButtonRead')}
          </MenuRow>
        )}
        {queue && <QueueMenuRow queue={queue} />}
        {lists && canCollect && (
          <MenuRow
            testId="menu-add-to-collection"
            onClick={() => openAddToCollection(lists.libraryId, [lists.libraryItemId])}
          >
            {t('ButtonAddToCollection')}
          </MenuRow>
        )}
        {lists && canPlaylist && (
          <MenuRow
            testId="menu-add-to-playlist"
            onClick={() =>
              openAddToPlaylist(lists.libraryId, [{ libraryItemId: lists.libraryItemId, episodeId: null }])
            }
          >
            {t('ButtonAddToPlaylist')}
          </MenuRow>
        )}
        {shareItemId && canShare && (
          <MenuRow testId="menu-share" onClick={() => openShareModal(shareItemId)}>
            {t('ButtonShare')}
          </MenuRow>
        )}
        {onDiscardProgress && (
          <MenuRow testId="menu-discard-progress" onClick={onDiscardProgress}>
            {t('ButtonDiscardProgress')}
          </MenuRow>
        )}
        {deletable && canDelete && (
          <MenuRow testId="menu-delete-item" onClick={() => openDeleteItem(deletable)}>
            {t('ButtonDelete')}
          </MenuRow>
        )}
        {children}
      </Menu>
    </div>
  )
}

function QueueMenuRow({ queue }: { queue: QueueToggle }) {
  return (
    <MenuRow testId={queue.queued ? 'menu-remove-from-queue' : 'menu-add-to-queue'} onClick={queue.toggle}>
      {queue.label}
    </MenuRow>
  )
}
