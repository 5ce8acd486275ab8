import type { Library } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, ConfirmPrompt, Icon, LoadingBox, Spinner } from '@/components/ui/index.ts'
import { LibraryIcon, sortLibraries, useLibraries } from '@/features/libraries/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDeleteLibrary, useReorderLibraries, useRunningScans, useScanLibrary } from '../api.ts'
import { LibraryModal } from './LibraryModal.tsx'
import { ReorderableList } from './ReorderableList.tsx'

type Editing = { library: Library | null } | null

/**
 * /config/libraries: the libraries in display order (drag, or the up/down buttons, to reorder), with
 * scan, force re-scan, edit and delete; the library modal creates and edits.
 */
export function ConfigLibrariesPage() {
  const { t } = useTranslation()
  const query = useLibraries()
  const libraries = sortLibraries(query.data ?? [])
  const reorder = useReorderLibraries()
  const scan = useScanLibrary()
  const remove = useDeleteLibrary()
  const scanning = useRunningScans()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Library | null>(null)

  const startScan = (library: Library, force: boolean) =>
    scan.mutate(
      { library, force },
      {
        onSuccess: (answer) =>
          typeof answer === 'string' && /already/i.test(answer)
            ? toast.info(t('ToastLibraryAlreadyScanning', { name: library.name }))
            : toast.success(t('ToastLibraryScanStarted', { name: library.name })),
        onError: (error) => toast.error(errorMessage(error, t, 'ToastLibraryScanFailed')),
      },
    )

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting, {
      onSuccess: () => {
        toast.success(t('ToastLibraryDeleteSuccess', { name: deleting.name }))
        setDeleting(null)
      },
      onError: (error) => {
        toast.error(errorMessage(error, t, 'ToastLibraryDeleteFailed'))
        setDeleting(null)
      },
    })
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('HeaderLibraries')}</h1>
          <p className="mt-1 text-sm text-muted">{t('MessageLibrariesHelp')}</p>
        </div>
        {libraries.length > 0 && (
          <Button onClick={() => setEditing({ library: null })}>
            <Icon name="add" className="size-4" />
            {t('ButtonAddLibrary')}
          </Button>
        )}
      </div>

      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : libraries.length === 0 ? (
        <section
          data-testid="no-libraries-admin"
          className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-14 text-center"
        >
          <div className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
            <LibraryIcon icon="books-1" className="size-8" />
          </div>
          <h2 className="text-lg font-semibold">{t('HeaderNoLibraries')}</h2>
          <p className="mt-2 max-w-md text-sm text-muted">{t('MessageNoLibrariesAdmin')}</p>
          <Button className="mt-6" onClick={() => setEditing({ library: null })}>
            <Icon name="add" className="size-4" />
            {t('ButtonAddFirstLibrary')}
          </Button>
        </section>
      ) : (
        <div className="mt-6">
          <ReorderableList
            testId="libraries-list"
            label={t('HeaderLibraries')}
            items={libraries}
            keyOf={(library) => library.id}
            nameOf={(library) => library.name}
            disabled={reorder.isPending}
            onMove={(next) =>
              reorder.mutate(next, {
                onError: (error) => toast.error(errorMessage(error, t, 'ToastLibraryReorderFailed')),
              })
            }
            renderItem={(library) => (
              <LibraryRow
                library={library}
                scanning={scanning.has(library.id)}
                onEdit={() => setEditing({ library })}
                onScan={(force) => startScan(library, force)}
                onDelete={() => setDeleting(library)}
              />
            )}
          />
        </div>
      )}

      {editing && <LibraryModal library={editing.library} onClose={() => setEditing(null)} />}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteLibrary')}
        message={
          <>
            <p>{t('MessageConfirmDeleteLibrary', { name: deleting?.name ?? '' })}</p>
            <p className="mt-2 text-muted">{t('MessageDeleteLibraryFilesKept')}</p>
          </>
        }
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}

function LibraryRow({
  library,
  scanning,
  onEdit,
  onScan,
  onDelete,
}: {
  library: Library
  scanning: boolean
  onEdit: () => void
  onScan: (force: boolean) => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const iconButton =
    'rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-40'
  return (
    <div data-testid="library-row" className="flex flex-wrap items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <LibraryIcon icon={library.icon} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onEdit}
          className="max-w-full truncate text-start font-semibold hover:underline"
        >
          {library.name}
        </button>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span>{library.mediaType === 'book' ? t('LabelBookLibrary') : t('LabelPodcastLibrary')}</span>
          <span aria-hidden="true">·</span>
          <span>{t('LabelFolderCount', { count: library.folders.length })}</span>
          {scanning && (
            <Badge tone="primary" className="gap-1 px-2">
              <Spinner className="[&_svg]:size-3" />
              {t('LabelScanning')}
            </Badge>
          )}
        </p>
        <ul className="mt-1 space-y-0.5">
          {library.folders.map((folder) => (
            <li key={folder.id} className="font-mono text-xs break-all text-muted">
              {folder.fullPath}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center gap-0.5">
        <Button
          variant="secondary"
          className="h-8 px-3 text-xs"
          onClick={() => onScan(false)}
          aria-label={t('ButtonScanLibrary', { name: library.name })}
        >
          {t('ButtonScan')}
        </Button>
        <button
          type="button"
          className={iconButton}
          onClick={() => onScan(true)}
          aria-label={t('ButtonForceRescanLibrary', { name: library.name })}
          title={t('ButtonForceRescan')}
        >
          <Icon name="refresh" className="size-4.5" />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={onEdit}
          aria-label={t('ButtonEditLibrary', { name: library.name })}
          title={t('ButtonEdit')}
        >
          <Icon name="edit" className="size-4.5" />
        </button>
        <button
          type="button"
          className={`${iconButton} hover:text-error`}
          onClick={onDelete}
          aria-label={t('ButtonDeleteLibrary', { name: library.name })}
          title={t('ButtonDelete')}
        >
          <Icon name="trash" className="size-4.5" />
        </button>
      </div>
    </div>
  )
}
