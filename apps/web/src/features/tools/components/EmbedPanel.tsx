import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useStartEmbed, type EmbedOptions } from '../api.ts'
import { useToolRun } from '../hooks.ts'
import { audioFilesInOrder, metadataToWrite, type ToolBook } from '../model/tool-plan.ts'
import { AudioFilesTable, ChaptersTable, MetadataTable } from './PlanTables.tsx'
import { RunLog, RunStatus } from './RunStatus.tsx'

/** Embed metadata: the files with their progress, backup and chapter options, Start, outcome and log. */
export function EmbedPanel({ book }: { book: ToolBook }) {
  const { t } = useTranslation()
  const files = audioFilesInOrder(book)
  const [options, setOptions] = useState<EmbedOptions>({ backup: true, forceEmbedChapters: false })
  const run = useToolRun(book.id, 'embed-metadata')
  const start = useStartEmbed(book.id)
  const busy = run.running || run.queued || start.isPending
  const multiFile = files.length > 1

  const onStart = () =>
    start.mutate(options, {
      onError: (error) => toast.error(errorMessage(error, t, 'ToastEmbedFailed')),
    })

  return (
    <div data-testid="embed-panel">
      <p className="mt-4 text-sm text-muted">{t('LabelToolsEmbedMetadataDescription')}</p>
      <fieldset className="mt-4 flex flex-col gap-3" disabled={busy}>
        <legend className="sr-only">{t('HeaderEmbedOptions')}</legend>
        <Checkbox
          checked={options.backup}
          onChange={(backup) => setOptions((o) => ({ ...o, backup }))}
          label={t('LabelBackupAudioFiles')}
        />
        {multiFile && (
          <Checkbox
            checked={options.forceEmbedChapters}
            onChange={(forceEmbedChapters) => setOptions((o) => ({ ...o, forceEmbedChapters }))}
            label={t('LabelForceEmbedChapters')}
          />
        )}
      </fieldset>
      {multiFile && !options.forceEmbedChapters && (
        <p className="mt-2 text-xs text-muted">{t('LabelEncodingChaptersNotEmbedded')}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={onStart} loading={start.isPending} disabled={busy} data-testid="embed-start">
          {t('ButtonStartMetadataEmbed')}
        </Button>
        {run.queued && (
          <span
            className="rounded-full bg-surface-raised px-2.5 py-1 text-xs font-semibold text-muted"
            data-testid="embed-queued"
          >
            {t('LabelEmbedQueued')}
          </span>
        )}
      </div>
      <RunStatus itemId={book.id} run={run} successKey="MessageEmbedFinished" />
      <AudioFilesTable files={files} progress={run.task ? run.tracks : undefined} />
      <ChaptersTable chapters={book.media.chapters} />
      <MetadataTable rows={metadataToWrite(book)} />
      <RunLog run={run} />
    </div>
  )
}
