import type { Library, OpmlFeed } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, SelectField, Toggle } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateFromOpml } from '../add-podcast-api.ts'
import { opmlCreateRequest } from '../model/opml-import.ts'
import { AddPodcastDialog } from './add-podcast-parts.tsx'

export interface OpmlImportModalProps {
  library: Library
  /** The file's feeds, without repeats. */
  feeds: OpmlFeed[]
  onClose: () => void
}

/** The feeds of an OPML file: tick the ones to subscribe to, choose the folder, start the import task. */
export function OpmlImportModal({ library, feeds, onClose }: OpmlImportModalProps) {
  const { t } = useTranslation()
  const create = useCreateFromOpml()
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(feeds.map((f) => f.feedUrl.trim())),
  )
  const [folderId, setFolderId] = useState(library.folders[0]?.id ?? '')
  const [autoDownloadEpisodes, setAutoDownload] = useState(false)
  const allSelected = selected.size === feeds.length

  const toggle = (url: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(url)
      else next.delete(url)
      return next
    })

  const submit = () => {
    const body = opmlCreateRequest(feeds, selected, { libraryId: library.id, folderId, autoDownloadEpisodes })
    if (!body) return toast.error(t(folderId ? 'ToastOpmlChooseFeeds' : 'ToastPodcastChooseFolder'))
    create.mutate(body, {
      onSuccess: () => {
        // The server works through the feeds as a task; the app bar's task card follows it.
        toast.info(t('ToastOpmlImportStarted'))
        onClose()
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastOpmlImportFailed')),
    })
  }

  return (
    <AddPodcastDialog
      title={t('HeaderOpmlImport')}
      testId="opml-import-modal"
      submitLabel={t('ButtonImport')}
      submitDisabled={selected.size === 0}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox
            checked={allSelected}
            onChange={(on) => setSelected(on ? new Set(feeds.map((f) => f.feedUrl.trim())) : new Set())}
            label={t('LabelSelectAll')}
          />
          <span className="text-sm text-muted" data-testid="opml-selected-count">
            {t('LabelOpmlFeedsSelected', { selected: selected.size, total: feeds.length })}
          </span>
        </div>
        <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border">
          {feeds.map((feed) => {
            const url = feed.feedUrl.trim()
            return (
              <li key={url} className="px-3 py-2" data-testid="opml-feed-row">
                <Checkbox
                  checked={selected.has(url)}
                  onChange={(on) => toggle(url, on)}
                  label={
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">{feed.title || url}</span>
                      <span dir="ltr" className="truncate text-xs text-muted">
                        {url}
                      </span>
                    </span>
                  }
                />
              </li>
            )
          })}
        </ul>
        <SelectField
          label={t('LabelFolder')}
          options={library.folders.map((f) => ({ value: f.id, label: f.fullPath }))}
          value={folderId}
          onChange={(e) => setFolderId(e.target.value)}
          data-testid="opml-import-folder"
        />
        <Toggle
          checked={autoDownloadEpisodes}
          onChange={setAutoDownload}
          label={t('LabelAutoDownloadEpisodes')}
          testId="opml-import-auto-download"
        />
      </div>
    </AddPodcastDialog>
  )
}
