import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SelectField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCancelSplit, useSplitM4b } from '../api.ts'
import { useToolRun } from '../hooks.ts'
import { bitrateChoices } from '../model/tool-plan.ts'
import { RunLog, RunStatus } from './RunStatus.tsx'

/** A book that is one M4B already: it cannot be merged, but it can be split into one MP3 per chapter. */
export function SplitPanel({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const [bitrate, setBitrate] = useState('128k')
  const split = useSplitM4b(itemId)
  const cancel = useCancelSplit(itemId)
  const run = useToolRun(itemId, 'split-m4b')
  const onSplit = () =>
    split.mutate(bitrate, {
      onSuccess: () => toast.info(t('ToastSplitStarted')),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastSplitFailed')),
    })
  const onCancel = () =>
    cancel.mutate(undefined, {
      onError: (error) => toast.error(`${t('ToastSplitCancelFailed')}: ${errorMessage(error, t)}`),
    })
  return (
    <section className="mt-6 rounded-xl border border-border bg-surface p-4" data-testid="split-panel">
      <h2 className="text-lg font-semibold">{t('LabelToolsSplitM4b')}</h2>
      <p className="mt-1 text-sm text-muted">{t('LabelToolsSplitM4bDescription')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <SelectField
          label={t('LabelAudioBitrate')}
          value={bitrate}
          onChange={(e) => setBitrate(e.target.value)}
          options={bitrateChoices.map((b) => ({ value: b, label: b }))}
          className="w-60"
        />
        {run.running ? (
          <Button variant="danger" onClick={onCancel} loading={cancel.isPending} data-testid="split-cancel">
            {t('ButtonCancel')}
          </Button>
        ) : (
          <Button onClick={onSplit} loading={split.isPending} data-testid="split-start">
            {t('ButtonSplitM4b')}
          </Button>
        )}
      </div>
      <RunStatus itemId={itemId} run={run} successKey="MessageSplitFinished" />
      <RunLog run={run} />
    </section>
  )
}
