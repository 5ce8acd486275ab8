import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Modal, TextAreaField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateSeries } from '../care-api.ts'

/** Control characters: the server refuses them in a name, so the field says so before sending. */
const CONTROL = /\p{Cc}/u
/** The server's SERIES_NAME_MAX (contracts/library-care.ts): the field stops there. */
const NAME_MAX = 1000

/** The series page's Edit: name and description. A name another series has is refused by the server (409). */
export function SeriesEditModal({
  libraryId,
  series,
  onClose,
}: {
  libraryId: string
  series: { id: string; name: string; description: string | null }
  onClose: () => void
}) {
  const { t } = useTranslation()
  const update = useUpdateSeries(libraryId, series.id)
  const [name, setName] = useState(series.name)
  const [description, setDescription] = useState(series.description ?? '')
  const [submitted, setSubmitted] = useState(false)
  const nameError = !name.trim()
    ? t('MessageSeriesNameRequired')
    : CONTROL.test(name)
      ? t('MessageSeriesNameControlCharacters')
      : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (nameError) return
    update.mutate(
      { name: name.trim(), description: description.trim() ? description : null },
      {
        onSuccess: () => {
          toast.success(t('ToastSeriesUpdated'))
          onClose()
        },
        onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`),
      },
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderEditSeries')}
      closeLabel={t('ButtonClose')}
      width={560}
      processing={update.isPending}
      testId="series-edit-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form="series-edit-form" loading={update.isPending}>
            {t('ButtonSave')}
          </Button>
        </>
      }
    >
      <form id="series-edit-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t('LabelName')}
          value={name}
          maxLength={NAME_MAX}
          required
          error={submitted ? nameError : null}
          onChange={(e) => setName(e.target.value)}
          data-testid="series-edit-name"
        />
        <TextAreaField
          label={t('LabelDescription')}
          value={description}
          rows={5}
          maxLength={100_000}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="series-edit-description"
        />
      </form>
    </Modal>
  )
}
