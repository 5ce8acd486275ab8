import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, LoadingBox, Modal, TextField, cn } from '@/components/ui/index.ts'
import { countText } from '@/features/browse/index.ts'
import { nameToCreate } from '../model/list-form-rules.ts'
import type { ListKind, NamedListView } from '../model/list-view.ts'
import { ListLoadError } from './ListLoadError.tsx'
import { NamedListCover } from './NamedListCover.tsx'

export interface PickableList {
  list: NamedListView
  /** Already holds every entry being added. */
  contains: boolean
}

export interface AddToListModalProps {
  kind: ListKind
  /** How many books or episodes are being added (selection mode passes several). */
  entryCount: number
  lists: { data: PickableList[] | undefined; isError: boolean; error: unknown; refetch: () => unknown }
  aspectRatio: number
  onAdd: (list: NamedListView) => Promise<void>
  onRemove: (list: NamedListView) => Promise<void>
  /** Answers whether it was created. */
  onCreate: (name: string) => Promise<boolean>
  onClose: () => void
}

const ROW_COVER_WIDTH = 24

/**
 * The "Collections" / "Playlists" modal (500 wide): the library's lists, those already holding the entries
 * first, add/remove on hover (or focus), an empty state, and a form creating a new list with the entries.
 */
export function AddToListModal({
  kind,
  entryCount,
  lists,
  aspectRatio,
  onAdd,
  onRemove,
  onCreate,
  onClose,
}: AddToListModalProps) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const isCollection = kind === 'collection'
  const sorted = [...(lists.data ?? [])].sort((a, b) => Number(b.contains) - Number(a.contains))

  const run = async (id: string, work: () => Promise<unknown>) => {
    setBusy(id)
    try {
      await work()
    } finally {
      setBusy(null)
    }
  }
  const create = () => {
    // Spec §5: an empty name (or nothing to add) is silently not sent.
    const checked = nameToCreate(name, entryCount)
    if (checked === null) return
    void run('new', async () => {
      if (await onCreate(checked)) setName('')
    })
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t(isCollection ? 'HeaderAddToCollection' : 'HeaderAddToPlaylist')}
      closeLabel={t('ButtonClose')}
      width={500}
      testId={`add-to-${kind}-modal`}
    >
      {entryCount > 1 && (
        <p className="mb-3 text-sm text-muted">{countText(t, isCollection ? 'Book' : 'Item', entryCount)}</p>
      )}
      {lists.isError ? (
        <ListLoadError error={lists.error} onRetry={() => void lists.refetch()} />
      ) : !lists.data ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : sorted.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="add-to-list-empty">
          <Icon name={isCollection ? 'collections' : 'playlists'} className="size-8 text-muted" />
          <p className="font-semibold">{t(isCollection ? 'MessageNoCollections' : 'MessageNoPlaylists')}</p>
          <p className="max-w-sm text-sm text-muted">
            {t(isCollection ? 'MessageCollectionsHelp' : 'MessagePlaylistsHelp')}
          </p>
        </div>
      ) : (
        <ul className="-mx-2 max-h-96 overflow-y-auto" data-testid="add-to-list-rows">
          {sorted.map(({ list, contains }) => (
            <li
              key={list.id}
              className={cn(
                'group flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-surface-raised',
                contains && 'bg-success/10',
              )}
              data-testid="add-to-list-row"
              data-contains={contains}
            >
              <NamedListCover list={list} coverWidth={ROW_COVER_WIDTH} aspectRatio={aspectRatio} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{list.name}</p>
                <p className="truncate text-xs text-muted">
                  {countText(t, isCollection ? 'Book' : 'Item', list.entries.length)}
                </p>
              </div>
              {contains && (
                <Icon
                  name="check"
                  className="size-4 text-success group-hover:hidden [@media(hover:none)]:hidden"
                />
              )}
              <Button
                variant={contains ? 'secondary' : 'primary'}
                className="h-8 px-3 opacity-0 group-hover:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100"
                loading={busy === list.id}
                disabled={busy !== null}
                aria-label={t(contains ? 'ButtonRemoveFromNamedList' : 'ButtonAddToNamedList', {
                  name: list.name,
                })}
                onClick={() => void run(list.id, () => (contains ? onRemove(list) : onAdd(list)))}
              >
                {t(contains ? 'ButtonRemove' : 'ButtonAdd')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-5 flex items-end gap-2 border-t border-border pt-4"
        onSubmit={(event) => {
          event.preventDefault()
          create()
        }}
        data-testid="add-to-list-create"
      >
        <TextField
          className="flex-1"
          label={t(isCollection ? 'LabelNewCollection' : 'LabelNewPlaylist')}
          placeholder={t('LabelName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={busy === 'new'} disabled={busy !== null}>
          {t('ButtonCreate')}
        </Button>
      </form>
    </Modal>
  )
}
