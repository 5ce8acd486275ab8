import { formatNumber } from '@/lib/format.ts'
import type { LibraryItem } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button, LoadingBox } from '@/components/ui/index.ts'
import { browseKeys, itemKeys, ListError } from '@/features/browse/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useItemSelection } from '@/lib/item-selection.ts'
import { toast } from '@/lib/toast-store.ts'
import { batchUpdateItems, useBatchItems } from '../api.ts'
import {
  applyToAll,
  batchEditProblem,
  batchFieldsOf,
  bookMetadataOf,
  changedMediaPayload,
  type BatchBookFields,
  type MappableField,
} from '../model/batch-edit.ts'
import { ApplyToAllPanel } from './ApplyToAllPanel.tsx'
import { BatchItemList } from './BatchItemList.tsx'
import type { FieldSuggestions } from './BookFieldsEditor.tsx'

/** /batch (spec §2): edit the books chosen in selection mode at once. */
export function BatchEditPage() {
  const { t } = useTranslation()
  const ids = useItemSelection((s) => s.batchEditItemIds)
  const items = useBatchItems(ids)

  if (ids.length === 0)
    return (
      <div className="mx-auto max-w-xl p-8 text-center" data-testid="batch-edit-empty">
        <h1 className="text-xl font-semibold text-fg">{t('HeaderBatchEdit')}</h1>
        <p className="mt-2 text-muted">{t('MessageBatchEditNothingSelected')}</p>
        <Link to="/" className="mt-4 inline-block text-primary underline">
          {t('ButtonGoHome')}
        </Link>
      </div>
    )
  if (items.isError) return <ListError error={items.error} onRetry={() => void items.refetch()} />
  if (!items.data) return <LoadingBox message={t('MessageLoading')} />
  // Only books can be edited here (the server's batch update takes book payloads).
  return <BatchEditor items={items.data.filter((item) => bookMetadataOf(item) !== null)} />
}

function BatchEditor({ items: loaded }: { items: readonly LibraryItem[] }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const [items, setItems] = useState(loaded)
  const [edited, setEdited] = useState<Record<string, BatchBookFields>>(() =>
    Object.fromEntries(loaded.map((item) => [item.id, batchFieldsOf(item)])),
  )
  const [saving, setSaving] = useState(false)
  const libraryId = items[0]?.libraryId ?? null
  const library = useLibraryDetail(libraryId)
  const filterdata = library.data?.filterdata
  const suggestions = useMemo<FieldSuggestions>(
    () => ({
      authors: filterdata?.authors.map((a) => a.name) ?? [],
      narrators: filterdata?.narrators ?? [],
      series: filterdata?.series.map((s) => s.name) ?? [],
      genres: filterdata?.genres ?? [],
      tags: filterdata?.tags ?? [],
    }),
    [filterdata],
  )
  const squareCovers = library.data?.library.settings.coverAspectRatio === 1

  const onChange = useCallback(
    (id: string, patch: Partial<BatchBookFields>) =>
      setEdited((current) => ({ ...current, [id]: { ...current[id]!, ...patch } })),
    [],
  )
  const onRemove = useCallback(
    (id: string) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  )
  const onApply = (mapped: BatchBookFields, chosen: ReadonlySet<MappableField>, appendLists: boolean) =>
    setEdited((current) =>
      Object.fromEntries(
        Object.entries(current).map(([id, fields]) => [id, applyToAll(fields, mapped, chosen, appendLists)]),
      ),
    )

  const goBack = () => {
    // Opened directly (a reload): there is no page to go back to, so the library it came from.
    if (location.key === 'default') void navigate(libraryId ? `/library/${libraryId}/bookshelf` : '/')
    else void navigate(-1)
  }

  const save = async () => {
    const fields = items.map((item) => edited[item.id]!)
    const problem = batchEditProblem(fields)
    if (problem) {
      toast.error(t(problem === 'TitleRequired' ? 'ToastTitleRequired' : 'ToastSeriesSequenceSpaces'))
      return
    }
    const updates = items.flatMap((item) => {
      const mediaPayload = changedMediaPayload(item, edited[item.id]!)
      return mediaPayload ? [{ id: item.id, mediaPayload }] : []
    })
    if (updates.length === 0) {
      toast.info(t('ToastNoUpdatesNecessary'))
      return
    }
    setSaving(true)
    try {
      const answer = await batchUpdateItems(api, updates)
      toast.success(t('ToastBatchUpdateSuccess', { count: answer.updates }))
      for (const { id } of updates) void queryClient.invalidateQueries({ queryKey: itemKeys.detail(id) })
      if (libraryId) void queryClient.invalidateQueries({ queryKey: browseKeys.library(libraryId) })
      goBack()
    } catch (error) {
      console.error('[selection] batch update failed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:p-6" data-testid="batch-edit-page">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('HeaderBatchEdit')}</h1>
          <p className="text-sm text-muted" data-testid="batch-edit-count">
            {t('LabelBooksEditing', {
              count: items.length,
              formatted: formatNumber(items.length),
            })}
          </p>
        </div>
      </header>
      <ApplyToAllPanel suggestions={suggestions} onApply={onApply} />
      <BatchItemList
        items={items}
        edited={edited}
        squareCovers={squareCovers}
        suggestions={suggestions}
        onChange={onChange}
        onRemove={onRemove}
      />
      <footer className="sticky bottom-2 z-30 flex justify-end gap-2 rounded-xl border border-border bg-surface/95 p-3 shadow-md backdrop-blur">
        <Button variant="secondary" onClick={goBack} disabled={saving}>
          {t('ButtonCancel')}
        </Button>
        <Button
          onClick={() => void save()}
          loading={saving}
          disabled={items.length === 0}
          data-testid="batch-save"
        >
          {t('ButtonSave')}
        </Button>
      </footer>
    </div>
  )
}
