import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Modal, SelectField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateCustomProvider } from '../api.ts'
import {
  newProviderDraft,
  toCreateProviderRequest,
  validateProviderDraft,
  type ProviderDraft,
  type ProviderMediaType,
} from '../model/provider-form.ts'

const FORM_ID = 'custom-provider-form'

/** Adds a custom metadata provider; mounted fresh on every opening. */
export function AddProviderModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const create = useCreateCustomProvider()
  const [draft, setDraft] = useState<ProviderDraft>(newProviderDraft)
  const [problem, setProblem] = useState<string | null>(null)

  const set = (change: Partial<ProviderDraft>) => setDraft((d) => ({ ...d, ...change }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateProviderDraft(draft)
    setProblem(invalid)
    if (invalid) return
    create.mutate(toCreateProviderRequest(draft), {
      onSuccess: () => {
        toast.success(t('ToastProviderCreated'))
        onClose()
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastProviderCreateFailed')),
    })
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderAddCustomMetadataProvider')}
      closeLabel={t('ButtonClose')}
      persistent
      processing={create.isPending}
      testId="custom-provider-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={create.isPending}>
            {t('ButtonAdd')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {problem && <Alert tone="error">{t(problem)}</Alert>}
        <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
          <TextField
            label={t('LabelName')}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            maxLength={200}
            autoComplete="off"
            data-autofocus
          />
          <SelectField
            label={t('LabelMediaType')}
            value={draft.mediaType}
            onChange={(e) => set({ mediaType: e.target.value as ProviderMediaType })}
            options={[
              { value: 'book', label: t('LabelBook') },
              { value: 'podcast', label: t('LabelPodcast') },
            ]}
          />
        </div>
        <TextField
          label={t('LabelUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.url}
          onChange={(e) => set({ url: e.target.value })}
          maxLength={2000}
          autoComplete="off"
        />
        <TextField
          label={t('LabelAuthorizationHeaderValue')}
          type="password"
          value={draft.authHeaderValue}
          onChange={(e) => set({ authHeaderValue: e.target.value })}
          maxLength={4000}
          autoComplete="new-password"
          hint={t('MessageAuthorizationHeaderHelp')}
        />
      </form>
    </Modal>
  )
}
