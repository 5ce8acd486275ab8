import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SelectField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCancelEncode, useStartEncode } from '../api.ts'
import { useToolRun } from '../hooks.ts'
import {
  audioFilesInOrder,
  bitrateChoices,
  canCopyCodec,
  chaptersToWrite,
  defaultEncodeOptions,
  metadataToWrite,
  sampleRateChoices,
  type EncodeOptions,
  type ToolBook,
} from '../model/tool-plan.ts'
import { AudioFilesTable, ChaptersTable, MetadataTable } from './PlanTables.tsx'
import { RunLog, RunStatus } from './RunStatus.tsx'

/** The M4B encoder: options, what will be written, Start / Cancel, progress, outcome and the run's log. */
export function EncodePanel({ book }: { book: ToolBook }) {
  const { t } = useTranslation()
  const files = audioFilesInOrder(book)
  const [options, setOptions] = useState<EncodeOptions>(() => defaultEncodeOptions(book))
  const run = useToolRun(book.id, 'encode-m4b')
  const start = useStartEncode(book.id)
  const cancel = useCancelEncode(book.id)
  const set = (patch: Partial<EncodeOptions>) => setOptions((o) => ({ ...o, ...patch }))
  const copy = options.codec === 'copy'
  const busy = run.running || start.isPending

  const onStart = () =>
    start.mutate(options, {
      onError: (error) => toast.error(errorMessage(error, t, 'ToastEncodeFailed')),
    })
  const onCancel = () =>
    cancel.mutate(undefined, {
      onError: (error) => toast.error(`${t('ToastEncodeCancelFailed')}: ${errorMessage(error, t)}`),
    })

  return (
    <div data-testid="encode-panel">
      <p className="mt-4 text-sm text-muted">{t('LabelToolsMakeM4bDescription')}</p>
      <fieldset className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" disabled={busy}>
        <legend className="sr-only">{t('HeaderEncodeOptions')}</legend>
        <SelectField
          label={t('LabelAudioCodec')}
          value={options.codec}
          onChange={(e) => set({ codec: e.target.value === 'copy' ? 'copy' : 'aac' })}
          options={[
            ...(canCopyCodec(files) ? [{ value: 'copy', label: t('LabelCodecCopy') }] : []),
            { value: 'aac', label: 'AAC' },
          ]}
          data-testid="encode-codec"
        />
        {!copy && (
          <>
            <SelectField
              label={t('LabelAudioBitrate')}
              value={options.bitrate}
              onChange={(e) => set({ bitrate: e.target.value })}
              options={bitrateChoices.map((b) => ({ value: b, label: b }))}
              data-testid="encode-bitrate"
            />
            <SelectField
              label={t('LabelAudioChannels')}
              value={String(options.channels)}
              onChange={(e) => set({ channels: e.target.value === '1' ? 1 : 2 })}
              options={[
                { value: '1', label: t('LabelAudioChannelsMono') },
                { value: '2', label: t('LabelAudioChannelsStereo') },
              ]}
              data-testid="encode-channels"
            />
            <SelectField
              label={t('LabelSampleRate')}
              value={options.sampleRate === null ? '' : String(options.sampleRate)}
              onChange={(e) => set({ sampleRate: e.target.value ? Number(e.target.value) : null })}
              options={[
                { value: '', label: t('LabelSampleRateKeep') },
                ...sampleRateChoices.map((r) => ({ value: String(r), label: `${r} Hz` })),
              ]}
              data-testid="encode-sample-rate"
            />
          </>
        )}
        <SelectField
          label={t('HeaderChapters')}
          value={options.chapters}
          onChange={(e) => set({ chapters: e.target.value === 'files' ? 'files' : 'item' })}
          options={[
            ...(book.media.chapters.length > 0 ? [{ value: 'item', label: t('LabelChaptersFromItem') }] : []),
            { value: 'files', label: t('LabelChaptersOnePerFile') },
          ]}
          data-testid="encode-chapters"
        />
      </fieldset>
      <p className="mt-3 text-xs text-muted">{t('LabelEncodingBackupLocation')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {run.running ? (
          <Button variant="danger" onClick={onCancel} loading={cancel.isPending} data-testid="encode-cancel">
            {t('ButtonCancelEncode')}
          </Button>
        ) : (
          <Button onClick={onStart} loading={start.isPending} data-testid="encode-start">
            {t('ButtonStartM4BEncode')}
          </Button>
        )}
        {run.running && <p className="text-xs text-muted">{t('LabelEncodingStartedNavigation')}</p>}
      </div>
      <RunStatus itemId={book.id} run={run} successKey="MessageM4BFinished" />
      <AudioFilesTable files={files} progress={run.task ? run.tracks : undefined} />
      <ChaptersTable chapters={chaptersToWrite(book, options.chapters)} />
      <MetadataTable rows={metadataToWrite(book)} />
      <RunLog run={run} />
    </div>
  )
}
