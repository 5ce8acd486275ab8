import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useRemoveMetadataFiles } from '../api.ts'

type Ext = 'json' | 'abs'
const buttonKeys: Record<Ext, string> = {
  json: 'ButtonRemoveAllMetadataJson',
  abs: 'ButtonRemoveAllMetadataAbs',
}

/** The library modal's Tools tab: remove every metadata.json / metadata.abs file of the item folders. */
export function LibraryToolsPanel({ libraryId }: { libraryId: string }) {
  const { t } = useTranslation()
  const remove = useRemoveMetadataFiles(libraryId)
  const [asking, setAsking] = useState<Ext | null>(null)

  const confirm = (ext: Ext) =>
    remove.mutate(ext, {
      onSuccess: ({ found, removed }) => {
        if (found === 0) toast.info(t('ToastMetadataFilesRemovedNoneFound', { ext }))
        else if (removed < found)
          toast.warning(t('ToastMetadataFilesRemovedSuccess', { ext, found, removed }))
        else toast.success(t('ToastMetadataFilesRemovedSuccess', { ext, found, removed }))
      },
      onError: (error) =>
        toast.error(`${t('ToastMetadataFilesRemovedError', { ext })}: ${errorMessage(error, t)}`),
      onSettled: () => setAsking(null),
    })

  return (
    <div
      role="tabpanel"
      aria-label={t('HeaderTools')}
      className="flex flex-col gap-3 pt-5"
      data-testid="library-tools"
    >
      <h3 className="font-semibold">{t('LabelRemoveMetadataFile')}</h3>
      <p className="text-sm text-muted">{t('LabelRemoveMetadataFileHelp')}</p>
      <div className="flex flex-wrap gap-3">
        {(['json', 'abs'] as const).map((ext) => (
          <Button
            key={ext}
            variant="secondary"
            loading={remove.isPending && remove.variables === ext}
            onClick={() => setAsking(ext)}
            data-testid={`remove-metadata-${ext}`}
          >
            {t(buttonKeys[ext])}
          </Button>
        ))}
      </div>
      <ConfirmPrompt
        open={asking !== null}
        title={asking ? t(buttonKeys[asking]) : ''}
        message={asking ? t('MessageConfirmRemoveMetadataFiles', { ext: asking }) : ''}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={() => asking && confirm(asking)}
        onCancel={() => setAsking(null)}
        testId="remove-metadata-confirm"
      />
    </div>
  )
}
