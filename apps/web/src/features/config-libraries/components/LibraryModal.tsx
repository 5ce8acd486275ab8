import type { Library, LibrarySettings, MediaType } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LibraryToolsPanel } from './LibraryToolsPanel.tsx'
import { Alert, Button, Icon, Modal, SelectField, Tabs, TextField, Toggle } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateLibrary, useFolderCache, useUpdateLibrary } from '../api.ts'
import {
  addFolder,
  draftFromLibrary,
  hasErrors,
  newLibraryDraft,
  removeFolder,
  toCreateRequest,
  toUpdateRequest,
  validateLibraryDraft,
  withMediaType,
  type LibraryDraft,
  type LibraryDraftErrors,
} from '../model/library-form.ts'
import { FolderBrowser } from './FolderBrowser.tsx'
import { IconPicker } from './IconPicker.tsx'
import { MetadataPrecedenceEditor } from './MetadataPrecedenceEditor.tsx'
import { ScheduleEditor } from './ScheduleEditor.tsx'

type TabId = 'details' | 'settings' | 'scanner' | 'schedule' | 'tools'

/** Which tab shows each error, so a refused save opens the tab with the problem. */
const tabOfError: Record<keyof LibraryDraftErrors, TabId> = {
  name: 'details',
  folders: 'details',
  schedule: 'schedule',
}

/** Create (library null) or edit a library. Mounted fresh on every opening. */
export function LibraryModal({ library, onClose }: { library: Library | null; onClose: () => void }) {
  const { t } = useTranslation()
  const create = useCreateLibrary()
  const update = useUpdateLibrary()
  const folderCache = useFolderCache()
  // The server's default metadata precedence (Settings > Scanner): a new library starts with it.
  const serverPrecedence = useSessionStore((s) => s.serverSettings?.defaultMetadataPrecedence)
  const [draft, setDraft] = useState<LibraryDraft>(() =>
    library ? draftFromLibrary(library) : newLibraryDraft('book', serverPrecedence),
  )
  const [tab, setTab] = useState<TabId>('details')
  const [submitted, setSubmitted] = useState(false)
  const processing = create.isPending || update.isPending

  const errors = submitted ? validateLibraryDraft(draft) : {}
  const tabs: { id: TabId; label: string }[] = [
    { id: 'details', label: t('HeaderDetails') },
    { id: 'settings', label: t('HeaderSettings') },
    ...(draft.mediaType === 'book' ? [{ id: 'scanner' as const, label: t('HeaderScanner') }] : []),
    { id: 'schedule', label: t('HeaderSchedule') },
    // Tools act on a saved library's folders at once (not on Save).
    ...(library ? [{ id: 'tools' as const, label: t('HeaderTools') }] : []),
  ]

  const setSetting = <K extends keyof LibrarySettings>(key: K, value: LibrarySettings[K]) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }))

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    setSubmitted(true)
    const problems = validateLibraryDraft(draft)
    if (hasErrors(problems)) {
      const first = (Object.keys(problems) as (keyof LibraryDraftErrors)[])[0]!
      setTab(tabOfError[first])
      return
    }
    if (!library) {
      create.mutate(toCreateRequest(draft), {
        onSuccess: (created) => {
          toast.success(t('ToastLibraryCreateSuccess', { name: created.name }))
          onClose()
        },
        onError: (error) => toast.error(errorMessage(error, t, 'ToastLibraryCreateFailed')),
      })
      return
    }
    const body = toUpdateRequest(library, draft)
    if (Object.keys(body).length === 0) {
      toast.info(t('ToastNoUpdatesNecessary'))
      onClose()
      return
    }
    update.mutate(
      { id: library.id, body },
      {
        onSuccess: (updated) => {
          toast.success(t('ToastLibraryUpdateSuccess', { name: updated?.name ?? draft.name.trim() }))
          onClose()
        },
        onError: (error) => toast.error(errorMessage(error, t, 'ToastLibraryUpdateFailed')),
      },
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={library ? t('HeaderUpdateLibrary') : t('HeaderNewLibrary')}
      closeLabel={t('ButtonClose')}
      width={720}
      persistent
      processing={processing}
      testId="library-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form="library-form" loading={processing}>
            {library ? t('ButtonSave') : t('ButtonCreate')}
          </Button>
        </>
      }
    >
      <Tabs
        label={t('LabelLibrarySettingsSections')}
        tabs={tabs}
        value={tab}
        onChange={(id) => setTab(id as TabId)}
      />
      <form id="library-form" onSubmit={submit} noValidate className="pt-5">
        {tab === 'details' && (
          <div role="tabpanel" aria-label={t('HeaderDetails')} className="flex flex-col gap-5">
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
              <TextField
                label={t('LabelLibraryName')}
                value={draft.name}
                onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                error={errors.name ? t(errors.name) : null}
                maxLength={200}
                data-autofocus
              />
              {library ? (
                <div className="flex flex-col gap-1.5">
                  <span className="text-sm font-medium">{t('LabelMediaType')}</span>
                  <span className="flex h-10 items-center text-sm text-muted">
                    {library.mediaType === 'book' ? t('LabelBooks') : t('LabelPodcasts')}
                  </span>
                </div>
              ) : (
                <SelectField
                  label={t('LabelMediaType')}
                  value={draft.mediaType}
                  onChange={(e) =>
                    setDraft((d) => withMediaType(d, e.target.value as MediaType, serverPrecedence))
                  }
                  options={[
                    { value: 'book', label: t('LabelBooks') },
                    { value: 'podcast', label: t('LabelPodcasts') },
                  ]}
                />
              )}
            </div>

            <IconPicker
              label={t('LabelIcon')}
              value={draft.icon}
              onChange={(icon) => setDraft((d) => ({ ...d, icon }))}
            />

            <section className="flex flex-col gap-2" aria-labelledby="library-folders-heading">
              <h3 id="library-folders-heading" className="text-sm font-medium">
                {t('LabelFolders')}
              </h3>
              {draft.folders.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border px-3 py-3 text-sm text-muted">
                  {t('MessageNoFoldersYet')}
                </p>
              ) : (
                <ul data-testid="library-folders" className="flex flex-col gap-1">
                  {draft.folders.map((folder) => (
                    <li
                      key={folder.fullPath}
                      className="flex items-center gap-2 rounded-lg border border-border bg-bg px-3 py-1.5"
                    >
                      <Icon name="folder" className="size-4 text-primary" />
                      <span className="min-w-0 flex-1 font-mono text-sm break-all">{folder.fullPath}</span>
                      <button
                        type="button"
                        onClick={() => setDraft((d) => removeFolder(d, folder.fullPath))}
                        aria-label={t('ButtonRemoveFolder', { path: folder.fullPath })}
                        title={t('ButtonRemoveFolder', { path: folder.fullPath })}
                        className="rounded-md p-1 text-muted transition hover:bg-surface-raised hover:text-error"
                      >
                        <Icon name="close" className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {errors.folders && <Alert>{t(errors.folders)}</Alert>}
              <FolderBrowser
                cache={folderCache}
                chosen={draft.folders.map((f) => f.fullPath)}
                onAdd={(path) => setDraft((d) => addFolder(d, path))}
              />
            </section>
          </div>
        )}

        {tab === 'settings' && (
          <div role="tabpanel" aria-label={t('HeaderSettings')} className="flex flex-col gap-5">
            {draft.mediaType === 'book' && (
              <>
                <Toggle
                  checked={draft.settings.coverAspectRatio === 1}
                  onChange={(on) => setSetting('coverAspectRatio', on ? 1 : 0)}
                  label={t('LabelSettingsSquareBookCovers')}
                  description={t('LabelSettingsSquareBookCoversHelp')}
                />
                <Toggle
                  checked={draft.settings.audiobooksOnly}
                  onChange={(on) => setSetting('audiobooksOnly', on)}
                  label={t('LabelSettingsAudiobooksOnly')}
                  description={t('LabelSettingsAudiobooksOnlyHelp')}
                />
                <Toggle
                  checked={draft.settings.epubsAllowScriptedContent}
                  onChange={(on) => setSetting('epubsAllowScriptedContent', on)}
                  label={t('LabelSettingsEpubsAllowScriptedContent')}
                  description={t('LabelSettingsEpubsAllowScriptedContentHelp')}
                />
              </>
            )}
            <Toggle
              checked={draft.settings.disableWatcher}
              onChange={(on) => setSetting('disableWatcher', on)}
              label={t('LabelSettingsDisableWatcher')}
              description={t('LabelSettingsDisableWatcherHelp')}
            />
          </div>
        )}

        {tab === 'scanner' && (
          <div role="tabpanel" aria-label={t('HeaderScanner')}>
            <MetadataPrecedenceEditor
              value={draft.settings.metadataPrecedence}
              onChange={(next) => setSetting('metadataPrecedence', next)}
              defaultValue={serverPrecedence}
            />
          </div>
        )}

        {tab === 'schedule' && (
          <div role="tabpanel" aria-label={t('HeaderSchedule')}>
            <ScheduleEditor
              schedule={draft.schedule}
              onChange={(schedule) => setDraft((d) => ({ ...d, schedule }))}
              error={errors.schedule ? t(errors.schedule) : undefined}
            />
          </div>
        )}
      </form>
      {tab === 'tools' && library && <LibraryToolsPanel libraryId={library.id} />}
    </Modal>
  )
}
