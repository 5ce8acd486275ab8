import type { Author } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt, Icon, TextField } from '@/components/ui/index.ts'
import { AuthorImage } from '@/features/browse/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useChangeAuthorImage } from '../api.ts'
import { isAuthorImageUrl } from '../model/author-form.ts'

const PREVIEW_SIZE = 128

/**
 * The author's image with its delete icon (delete permission, asks first) and an image URL field whose
 * picture the server downloads (upload permission).
 */
export function AuthorImageEditor({
  author,
  canUpload,
  canDelete,
  onBusy,
}: {
  author: Author
  canUpload: boolean
  canDelete: boolean
  onBusy: (busy: boolean) => void
}) {
  const { t } = useTranslation()
  const change = useChangeAuthorImage(author.id)
  const [url, setUrl] = useState('')
  const [confirming, setConfirming] = useState(false)

  const run = (value: string | null, done: () => void, failureKey: string) => {
    onBusy(true)
    change.mutate(value, {
      onSuccess: done,
      onError: (error) => toast.error(errorMessage(error, t, failureKey)),
      onSettled: () => onBusy(false),
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isAuthorImageUrl(url)) {
      toast.error(t('ToastInvalidImageUrl'))
      return
    }
    run(
      url.trim(),
      () => {
        setUrl('')
        toast.success(t('ToastAuthorImageUpdated'))
      },
      'ToastAuthorImageUploadFailed',
    )
  }

  const remove = () =>
    run(
      null,
      () => {
        setConfirming(false)
        toast.success(t('ToastAuthorImageRemoved'))
      },
      'ToastRemoveFailed',
    )

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <div className="relative shrink-0 self-start" data-testid="author-edit-image">
        <AuthorImage author={author} size={PREVIEW_SIZE} />
        {canDelete && author.imagePath && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={change.isPending}
            aria-label={t('ButtonRemoveAuthorImage')}
            title={t('ButtonRemoveAuthorImage')}
            className="absolute top-1.5 end-1.5 flex size-8 items-center justify-center rounded-full bg-black/60 text-white transition hover:bg-error"
            data-testid="author-image-remove"
          >
            <Icon name="trash" className="size-4" />
          </button>
        )}
      </div>
      {canUpload && (
        <form
          onSubmit={submit}
          noValidate
          className="flex min-w-0 flex-1 items-end gap-2"
          data-testid="author-image-form"
        >
          <TextField
            className="min-w-0 flex-1"
            label={t('LabelImageUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" loading={change.isPending} disabled={!url.trim()}>
            {t('ButtonSubmit')}
          </Button>
        </form>
      )}
      <ConfirmPrompt
        open={confirming}
        title={t('ButtonRemoveAuthorImage')}
        message={t('MessageConfirmRemoveAuthorImage', { name: author.name })}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={change.isPending}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        testId="author-image-remove-prompt"
      />
    </div>
  )
}
