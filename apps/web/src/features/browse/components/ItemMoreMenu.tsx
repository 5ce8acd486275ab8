import { useTranslation } from 'react-i18next'
import { Icon, MenuRow, Popover, cn, usePopoverClose } from '@/components/ui/index.ts'
import { useQueueToggle, type QueueItem, type QueueToggle } from '@/features/player/index.ts'

export interface ItemMoreMenuProps {
  queueEntry: QueueItem
  /** Round overlay button on a card, or a plain button beside the item page's play button. */
  variant: 'card' | 'page'
  className?: string
  testId?: string
}

/**
 * The item's more menu (cards and the item page). Its only entry so far is add/remove from the player
 * queue, so with nothing playing there is nothing to offer and no button shows.
 */
export function ItemMoreMenu({ queueEntry, variant, className, testId }: ItemMoreMenuProps) {
  const { t } = useTranslation()
  const queue = useQueueToggle(queueEntry)
  if (!queue) return null
  return (
    <div className={className}>
      <Popover
        label={t('LabelMoreActions')}
        buttonContent={<Icon name="more" className={variant === 'card' ? 'size-4' : 'size-5'} />}
        buttonClassName={cn(
          variant === 'card' && 'h-8 w-8 justify-center rounded-full border-0 bg-black/60 px-0 text-white',
        )}
        align="end"
        panelClassName="w-48"
        testId={testId}
      >
        <QueueMenuRow queue={queue} />
      </Popover>
    </div>
  )
}

function QueueMenuRow({ queue }: { queue: QueueToggle }) {
  const close = usePopoverClose()
  return (
    <MenuRow
      testId={queue.queued ? 'menu-remove-from-queue' : 'menu-add-to-queue'}
      onClick={() => {
        queue.toggle()
        close()
      }}
    >
      {queue.label}
    </MenuRow>
  )
}
