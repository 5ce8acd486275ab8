import { formatPercent } from '@/lib/format.ts'
import type { Library } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { Button, cn, Icon, ProgressBar, SelectField, TextField } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCurrentLibrary } from '@/features/libraries/index.ts'
import { sendUpload } from '../model/send-upload.ts'
import { filesFromDrop, groupUploads, type ChosenFile, type UploadGroup } from '../model/upload-groups.ts'

type Status =
  | { kind: 'ready' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string }

/** /upload: drop or choose books, check where each goes, and upload them one after another. */
export function UploadPage() {
  const canUpload = useSessionStore((s) => s.user?.permissions.upload ?? false)
  const { libraries, current } = useCurrentLibrary()
  if (!canUpload) return <Navigate to="/" replace />
  return libraries.length ? (
    <UploadForm libraries={libraries} initialId={current?.id ?? libraries[0]?.id ?? ''} />
  ) : null
}

function UploadForm({ libraries, initialId }: { libraries: Library[]; initialId: string }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const [libraryId, setLibraryId] = useState(initialId)
  const library = libraries.find((l) => l.id === libraryId) ?? libraries[0]
  const [folderId, setFolderId] = useState(library?.folders[0]?.id ?? '')
  const [groups, setGroups] = useState<UploadGroup[]>([])
  const [status, setStatus] = useState<Record<string, Status>>({})
  const [dragging, setDragging] = useState(false)
  const [busy, setBusy] = useState(false)
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const isPodcast = library?.mediaType === 'podcast'

  const add = (chosen: ChosenFile[]) => {
    const found = groupUploads(chosen)
    if (found.length === 0) return toast.warning(t('ToastUploadNoMedia'))
    setGroups((prev) => [...prev.filter((g) => !found.some((f) => f.id === g.id)), ...found])
  }
  const onDrop = async (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    add(await filesFromDrop(e.dataTransfer.items))
  }
  const fromInput = (input: HTMLInputElement) => {
    add(
      [...(input.files ?? [])].map((file) => ({ relativePath: file.webkitRelativePath || file.name, file })),
    )
    // Cleared, so choosing the same files again (after a reset) is a change too.
    input.value = ''
  }
  const edit = (id: string, change: Partial<UploadGroup>) =>
    setGroups((prev) => prev.map((g) => (g.id === id ? { ...g, ...change } : g)))

  const uploadAll = async () => {
    if (!library) return
    if (groups.some((g) => !g.title.trim())) return toast.error(t('ToastUploadMustHaveTitle'))
    setBusy(true)
    for (const group of groups) {
      if (status[group.id]?.kind === 'done') continue
      const set = (s: Status) => setStatus((prev) => ({ ...prev, [group.id]: s }))
      set({ kind: 'uploading', progress: 0 })
      try {
        await sendUpload(api, { libraryId: library.id, folderId }, group, (progress) =>
          set({ kind: 'uploading', progress }),
        )
        set({ kind: 'done' })
      } catch (failure) {
        const message = errorMessage(failure, t)
        set({ kind: 'failed', message })
        toast.error(message)
      }
    }
    setBusy(false)
    await queryClient.invalidateQueries({ queryKey: ['browse', library.id] })
  }

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderUploadItems')}</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('LabelLibrary')}
          value={library?.id ?? ''}
          options={libraries.map((l) => ({ value: l.id, label: l.name }))}
          onChange={(e) => {
            const next = libraries.find((l) => l.id === e.target.value)
            setLibraryId(e.target.value)
            setFolderId(next?.folders[0]?.id ?? '')
          }}
          disabled={busy}
        />
        <SelectField
          label={t('LabelFolder')}
          value={folderId}
          options={(library?.folders ?? []).map((f) => ({ value: f.id, label: f.fullPath }))}
          onChange={(e) => setFolderId(e.target.value)}
          disabled={busy}
        />
      </div>

      <div
        data-testid="upload-drop-zone"
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => void onDrop(e)}
        className={cn(
          'mt-6 flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border p-8 text-center',
          dragging && 'border-primary bg-primary/10',
        )}
      >
        <Icon name="upload" className="h-10 w-10 text-muted" />
        <p className="text-muted">{t('MessageDropFilesToUpload')}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => filesInput.current?.click()} disabled={busy}>
            {t('ButtonChooseFiles')}
          </Button>
          <Button variant="secondary" onClick={() => folderInput.current?.click()} disabled={busy}>
            {t('ButtonChooseAFolder')}
          </Button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          data-testid="upload-files-input"
          onChange={(e) => fromInput(e.target)}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          // Non-standard but supported by every current browser: choose a whole folder.
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => fromInput(e.target)}
        />
      </div>

      {groups.length > 0 && (
        <ul className="mt-6 space-y-4" data-testid="upload-items">
          {groups.map((g) => {
            const s = status[g.id] ?? { kind: 'ready' }
            const locked = busy || s.kind === 'done'
            return (
              <li key={g.id} className="rounded-2xl border border-border bg-surface p-4">
                <div className="grid gap-3 sm:grid-cols-3">
                  <TextField
                    label={t('LabelTitle')}
                    value={g.title}
                    onChange={(e) => edit(g.id, { title: e.target.value })}
                    disabled={locked}
                  />
                  {!isPodcast && (
                    <>
                      <TextField
                        label={t('LabelAuthor')}
                        value={g.author}
                        onChange={(e) => edit(g.id, { author: e.target.value })}
                        disabled={locked}
                      />
                      <TextField
                        label={t('LabelSeries')}
                        value={g.series}
                        onChange={(e) => edit(g.id, { series: e.target.value })}
                        disabled={locked}
                      />
                    </>
                  )}
                </div>
                <p className="mt-2 truncate text-xs text-muted">{g.files.map((f) => f.name).join(', ')}</p>
                <div className="mt-2 flex items-center gap-3">
                  <ProgressBar
                    value={s.kind === 'uploading' ? s.progress : 0}
                    finished={s.kind === 'done'}
                    label={t('LabelProgress')}
                    className="flex-1"
                  />
                  <span className="text-xs text-muted" data-testid="upload-status">
                    {s.kind === 'done'
                      ? t('LabelUploaded')
                      : s.kind === 'failed'
                        ? s.message
                        : s.kind === 'uploading'
                          ? formatPercent(s.progress)
                          : ''}
                  </span>
                  {!busy && s.kind !== 'done' && (
                    <Button
                      variant="ghost"
                      onClick={() => setGroups((prev) => prev.filter((x) => x.id !== g.id))}
                    >
                      {t('ButtonRemove')}
                    </Button>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <div className="mt-6 flex justify-end gap-2">
        <Button
          variant="ghost"
          onClick={() => {
            setGroups([])
            setStatus({})
          }}
          disabled={busy || groups.length === 0}
        >
          {t('ButtonReset')}
        </Button>
        <Button onClick={() => void uploadAll()} loading={busy} disabled={groups.length === 0 || !folderId}>
          {t('ButtonUpload')}
        </Button>
      </div>
    </div>
  )
}
