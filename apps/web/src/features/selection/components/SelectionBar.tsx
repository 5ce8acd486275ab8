import type { Library, MediaProgress } from '@shelfcast/contracts'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmPrompt, Icon, Spinner, cn, type IconName } from '@/components/ui/index.ts'
import { useItemSelection } from '@/lib/item-selection.ts'
import { clearItemSelection } from '@/lib/item-selection.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import { useBatchActions } from '../hooks/useBatchActions.ts'
import { useSelectionLifecycle } from '../hooks/useSelectionLifecycle.ts'
import { finishedTarget, hasSelectionMenu, selectionActions } from '../model/selection-actions.ts'
import { QuickMatchModal } from './QuickMatchModal.tsx'
import { SelectionMenu } from './SelectionMenu.tsx'
import { formatNumber } from '@/lib/format.ts'

function BarButton({
  icon,
  label,
  onClick,
  disabled,
  testId,
  danger = false,
}: {
  icon: IconName
  label: string
  onClick: () => void
  disabled: boolean
  testId: string
  danger?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={cn(
        'flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50 lg:px-3',
        danger ? 'text-error hover:bg-error/10' : 'text-fg hover:bg-surface-raised',
      )}
    >
      <Icon name={icon} className="size-5" />
      <span className="hidden xl:inline">{label}</span>
    </button>
  )
}

/**
 * Selection mode's bar (spec §2 layout): it takes the app bar's place while items are selected, with the
 * count and the actions the user's permissions and the library's type allow (`selectionActions`).
 */
export function SelectionBar({ library }: { library: Pick<Library, 'id' | 'mediaType'> }) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const selected = useItemSelection((s) => s.selectedMediaItems)
  const processing = useItemSelection((s) => s.processingBatch)
  const batch = useBatchActions(library.id)
  const [deleting, setDeleting] = useState(false)
  const [matching, setMatching] = useState(false)
  const [embedding, setEmbedding] = useState(false)
  useSelectionLifecycle(library.id)

  const progress = useMemo(() => {
    const map = new Map<string, MediaProgress>()
    for (const p of user?.mediaProgress ?? []) if (!p.episodeId) map.set(p.libraryItemId, p)
    return map
  }, [user])
  if (!user) return null
  const actions = selectionActions({ user, libraryMediaType: library.mediaType, selected })
  const markFinished = finishedTarget(selected, progress)
  const count = selected.length

  const confirmDelete = async (hard: boolean) => {
    // The box's last choice is the next prompt's default (spec §3: soft-delete default remembered).
    writeString(storageKeys.hardDeleteDefault, hard ? '1' : '0')
    if (await batch.remove(hard)) setDeleting(false)
  }

  return (
    <header
      data-testid="selection-bar"
      aria-label={t('LabelSelectionActions')}
      className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-2 border-b border-primary/40 bg-surface-raised px-3 text-fg shadow-md md:px-5"
    >
      <button
        type="button"
        onClick={clearItemSelection}
        disabled={processing}
        aria-label={t('ButtonDeselectAll')}
        title={t('ButtonDeselectAll')}
        data-testid="selection-deselect"
        className="flex size-10 items-center justify-center rounded-lg text-muted transition hover:bg-surface hover:text-fg disabled:opacity-50"
      >
        <Icon name="close" className="size-5" />
      </button>
      <p
        className="min-w-0 truncate text-base font-semibold"
        data-testid="selection-count"
        aria-live="polite"
      >
        {t('LabelItemsSelected', {
          count,
          formatted: formatNumber(count),
        })}
      </p>
      {processing && <Spinner className="text-primary" label={t('MessagePleaseWait')} />}
      <div className="flex-1" />
      <div className="flex items-center gap-0.5">
        {actions.play && (
          <BarButton
            icon="headphones"
            label={t('ButtonPlay')}
            onClick={() => void batch.play()}
            disabled={processing}
            testId="selection-play"
          />
        )}
        {actions.markFinished && (
          <BarButton
            icon="check"
            label={t(markFinished ? 'ButtonMarkAsFinished' : 'ButtonMarkAsNotFinished')}
            onClick={() => void batch.setFinished(markFinished)}
            disabled={processing}
            testId="selection-finished"
          />
        )}
        {actions.addToCollection && (
          <BarButton
            icon="collections"
            label={t('ButtonAddToCollection')}
            onClick={batch.addToCollection}
            disabled={processing}
            testId="selection-collection"
          />
        )}
        {actions.edit && (
          <BarButton
            icon="edit"
            label={t('ButtonEdit')}
            onClick={batch.edit}
            disabled={processing}
            testId="selection-edit"
          />
        )}
        {actions.remove && (
          <BarButton
            icon="trash"
            label={t('ButtonDelete')}
            onClick={() => setDeleting(true)}
            disabled={processing}
            testId="selection-delete"
            danger
          />
        )}
        {hasSelectionMenu(actions) && (
          <SelectionMenu
            actions={actions}
            disabled={processing}
            onQuickMatch={() => setMatching(true)}
            onQuickEmbed={() => setEmbedding(true)}
            onRescan={() => void batch.rescan()}
            onDownload={batch.download}
          />
        )}
      </div>
      <ConfirmPrompt
        open={deleting}
        title={t('HeaderDeleteItems')}
        message={t('MessageConfirmBatchDelete', {
          count,
          formatted: formatNumber(count),
        })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        checkboxLabel={t('LabelDeleteFilesFromDisk')}
        checkboxDefault={readString(storageKeys.hardDeleteDefault) === '1'}
        processing={processing}
        onConfirm={(hard) => void confirmDelete(hard)}
        onCancel={() => setDeleting(false)}
        testId="selection-delete-prompt"
      />
      <ConfirmPrompt
        open={embedding}
        title={t('ButtonQuickEmbed')}
        message={t('MessageConfirmQuickEmbed')}
        yesLabel={t('ButtonQuickEmbed')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        processing={processing}
        onConfirm={() => void batch.quickEmbed().then(() => setEmbedding(false))}
        onCancel={() => setEmbedding(false)}
        testId="selection-quick-embed-prompt"
      />
      <QuickMatchModal
        open={matching}
        processing={processing}
        onSubmit={async (options) => {
          await batch.quickMatch(options)
          // Spec §4: the modal closes afterwards either way.
          setMatching(false)
        }}
        onClose={() => setMatching(false)}
      />
    </header>
  )
}
