import type { LibraryFile } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Alert, CopyButton, LoadingBox, Modal } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useFfprobeData } from '../item-files-api.ts'

/** ffprobe's JSON of one audio file (admins), pre-formatted and scrollable, with a copy button. */
export function FfprobeDialog({
  itemId,
  file,
  onClose,
}: {
  itemId: string
  file: LibraryFile | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const query = useFfprobeData(itemId, file?.ino ?? null)
  const text = query.data ? JSON.stringify(query.data, null, 2) : ''
  return (
    <Modal
      open={file !== null}
      onClose={onClose}
      title={t('HeaderFfprobeData', { name: file?.metadata.filename ?? '' })}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="ffprobe-dialog"
      footer={
        text ? (
          <div className="flex justify-end">
            <CopyButton
              text={text}
              label={t('ButtonCopyToClipboard')}
              copiedLabel={t('LabelCopied')}
              onError={() => toast.error(t('ToastCopyFailed'))}
            />
          </div>
        ) : undefined
      }
    >
      {query.isPending && <LoadingBox message={t('MessageLoading')} />}
      {query.isError && <Alert tone="error">{errorMessage(query.error, t)}</Alert>}
      {text && (
        <pre
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region: focusable so keyboards can scroll it
          tabIndex={0}
          aria-label={t('HeaderFfprobeData', { name: file?.metadata.filename ?? '' })}
          className="max-h-[60vh] overflow-auto rounded-xl border border-border bg-surface p-3 font-mono text-xs whitespace-pre text-fg"
          data-testid="ffprobe-json"
        >
          {text}
        </pre>
      )}
    </Modal>
  )
}
