import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, Modal, Tabs, cn } from '@/components/ui/index.ts'
import { itemTitle, useItem } from '@/features/browse/index.ts'
import {
  closeEditModal,
  selectEditedItem,
  setEditModalTab,
  useItemEditModal,
  type EditModalTab,
} from '@/lib/item-edit-modal.ts'
import { inlineArrowStep } from '@/lib/inline-arrow.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import type { EditableItem } from '../api.ts'
import { availableTabs, resolveTab, shelfNeighbours, type TabPermissions } from '../model/tab-rules.ts'
import { ChaptersTab } from './ChaptersTab.tsx'
import { CoverTab } from './CoverTab.tsx'
import { DetailsTab } from './DetailsTab.tsx'
import { EpisodesTab } from './EpisodesTab.tsx'
import { FilesTab } from './FilesTab.tsx'
import { MatchTab } from './MatchTab.tsx'
import { PodcastDetailsTab } from './PodcastDetailsTab.tsx'
import { ScheduleTab } from './ScheduleTab.tsx'
import { ToolsTab } from './ToolsTab.tsx'

const tabLabelKeys: Record<EditModalTab, string> = {
  details: 'HeaderDetails',
  cover: 'LabelCover',
  chapters: 'HeaderChapters',
  episodes: 'HeaderEpisodes',
  files: 'HeaderFiles',
  match: 'HeaderMatch',
  tools: 'HeaderTools',
  schedule: 'HeaderSchedule',
}

/** Keys that belong to fields and buttons, never to the modal's paging (spec §9 hotkeys). */
const ignoredTags = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'])

/**
 * The item edit modal (spec §2: 800 wide, at most 650 high, 75 px from the top or 90 on landscape small
 * screens), mounted once by the main layout and opened through `openEditModal`.
 */
export function ItemEditModal() {
  const show = useItemEditModal((s) => s.showEditModal)
  const itemId = useItemEditModal((s) => s.selectedLibraryItem)
  if (!show || !itemId) return null
  return <OpenItemEditModal itemId={itemId} />
}

function OpenItemEditModal({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const query = useItem(itemId)
  const tab = useItemEditModal((s) => s.editModalTab)
  const shelf = useItemEditModal((s) => s.bookshelfBookIds)
  const update = useSessionStore((s) => !!s.user?.permissions.update)
  const download = useSessionStore((s) => !!s.user?.permissions.download)
  const admin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const item = query.data ?? null
  const tabs = item ? availableTabs(tabFacts(item), { update, download, admin } satisfies TabPermissions) : []
  const current = item ? resolveTab(tab, tabs) : tab
  const { previous, next } = shelfNeighbours(shelf, itemId)
  const panelRef = useRef<HTMLDivElement>(null)

  // Failing to fetch the item closes the modal (spec §5).
  useEffect(() => {
    if (!query.isError) return
    console.error('[item-edit] could not load item', query.error)
    toast.error(t('ToastFailedToLoadData'))
    closeEditModal()
  }, [query.isError, query.error, t])

  // The tab shown is stored back (it is global state); no tab allowed closes the modal.
  useEffect(() => {
    if (!item) return
    if (current === null) closeEditModal()
    else if (current !== tab) setEditModalTab(current)
  }, [item, current, tab])

  // Left/Right step through the shelf's books, unless a field or button has the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
      const target = event.target as HTMLElement | null
      if (target && (ignoredTags.has(target.tagName) || target.isContentEditable)) return
      // Only while this modal is the top one (a prompt over it keeps its keys).
      const dialogs = document.querySelectorAll('[role="dialog"]')
      if (dialogs[dialogs.length - 1] !== panelRef.current?.closest('[role="dialog"]')) return
      // The arrows step the way the previous / next buttons are drawn (mirrored right to left).
      const to = inlineArrowStep(event.key, target ?? document.documentElement) < 0 ? previous : next
      if (!to) return
      event.preventDefault()
      selectEditedItem(to)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [previous, next])

  const title = item ? (itemTitle(item) ?? t('LabelNoTitle')) : t('MessageLoading')

  return (
    <Modal
      open
      onClose={closeEditModal}
      title={title}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="item-edit-modal"
      // Spec §9: max height 650, 75 from the top (the modal's own margin is 50), 90 on landscape phones.
      className="mt-[25px] max-h-[min(650px,calc(100dvh-75px-2rem))] [@media(orientation:landscape)_and_(max-height:500px)]:mt-[40px] [@media(orientation:landscape)_and_(max-height:500px)]:max-h-[calc(100dvh-90px-1rem)]"
    >
      <div ref={panelRef}>
        <div className="-mt-2 mb-4 flex items-center gap-2">
          {tabs.length > 0 && current && (
            <Tabs
              className="min-w-0 flex-1 overflow-x-auto"
              label={t('LabelEditSections')}
              tabs={tabs.map((id) => ({ id, label: t(tabLabelKeys[id]) }))}
              value={current}
              onChange={(id) => setEditModalTab(id as EditModalTab)}
            />
          )}
          <div className="ms-auto flex shrink-0 gap-1">
            <StepButton
              label={t('ButtonPreviousItem')}
              icon="chevronLeft"
              to={previous}
              testId="edit-previous"
            />
            <StepButton label={t('ButtonNextItem')} icon="chevronRight" to={next} testId="edit-next" />
          </div>
        </div>
        {item && current && <TabPanel key={`${item.id}-${current}`} item={item} tab={current} />}
        {!item && <div className="h-40 animate-pulse rounded-xl bg-surface-raised/60" />}
      </div>
    </Modal>
  )
}

function TabPanel({ item, tab }: { item: EditableItem; tab: EditModalTab }) {
  switch (tab) {
    case 'details':
      return item.mediaType === 'podcast' ? (
        <PodcastDetailsTab item={item} onClose={closeEditModal} />
      ) : (
        <DetailsTab item={item} onClose={closeEditModal} />
      )
    case 'cover':
      return <CoverTab item={item} />
    case 'chapters':
      return item.mediaType === 'book' && <ChaptersTab item={item} />
    case 'files':
      return <FilesTab item={item} />
    case 'match':
      return item.mediaType === 'book' && <MatchTab item={item} />
    case 'tools':
      return <ToolsTab item={item} onNavigate={closeEditModal} />
    case 'episodes':
      return item.mediaType === 'podcast' && <EpisodesTab item={item} />
    case 'schedule':
      return item.mediaType === 'podcast' && <ScheduleTab item={item} />
  }
}

function StepButton({
  label,
  icon,
  to,
  testId,
}: {
  label: string
  icon: 'chevronLeft' | 'chevronRight'
  to: string | null
  testId: string
}) {
  return (
    <button
      type="button"
      onClick={() => to && selectEditedItem(to)}
      disabled={!to}
      aria-label={label}
      title={label}
      className={cn(
        'rounded-lg p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-30',
      )}
      data-testid={testId}
    >
      <Icon name={icon} className="size-5" />
    </button>
  )
}

function tabFacts(item: EditableItem) {
  const book = item.mediaType === 'book' ? item.media : null
  return {
    mediaType: item.mediaType,
    numAudioFiles: book?.audioFiles.length ?? 0,
    hasEbook: !!book?.ebookFile,
    isMissing: item.isMissing,
  }
}
