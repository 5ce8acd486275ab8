import type { CreatedApiKey, User } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, CopyButton, Modal, SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { accountTypeKeys } from '@/features/auth/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateApiKey } from '../api.ts'
import {
  newApiKeyDraft,
  toCreateApiKeyRequest,
  validateApiKeyDraft,
  type ApiKeyDraft,
  type ExpiryUnit,
} from '../model/api-key-form.ts'

/**
 * Creates an API key, then shows its secret once, with a copy button: the server keeps no copy.
 * Mounted fresh on every opening.
 */
export function ApiKeyModal({ users, onClose }: { users: readonly User[]; onClose: () => void }) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const [draft, setDraft] = useState<ApiKeyDraft>(newApiKeyDraft)
  const [submitted, setSubmitted] = useState(false)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const userFieldId = useId()
  const errors = submitted ? validateApiKeyDraft(draft) : {}

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateApiKeyDraft(draft)).length > 0) return
    create.mutate(toCreateApiKeyRequest(draft), {
      onSuccess: (key) => {
        setCreated(key)
        toast.success(t('ToastApiKeyCreated', { name: key.name }))
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastApiKeyCreateFailed')),
    })
  }

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title={t('HeaderApiKeyCreated')}
        closeLabel={t('ButtonClose')}
        persistent
        testId="api-key-created"
        footer={
          <Button onClick={onClose} data-autofocus>
            {t('ButtonDone')}
          </Button>
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {t('MessageApiKeyCreatedFor', { name: created.name, username: created.user?.username ?? '' })}
          </p>
          <Alert tone="warning">{t('MessageApiKeyShownOnce')}</Alert>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${userFieldId}-secret`} className="text-sm font-medium">
              {t('LabelApiKey')}
            </label>
            <textarea
              id={`${userFieldId}-secret`}
              readOnly
              rows={4}
              value={created.apiKey}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="api-key-secret"
              className="resize-none rounded-lg border border-border bg-bg px-3 py-2 font-mono text-xs break-all text-fg outline-none focus:border-primary"
            />
          </div>
          <div>
            <CopyButton
              text={created.apiKey}
              label={t('ButtonCopyToClipboard')}
              copiedLabel={t('LabelCopied')}
              copiedMs={limits.clipboardCopiedMs}
              onError={() => toast.error(t('ToastCopyFailed'))}
            />
          </div>
        </div>
      </Modal>
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderNewApiKey')}
      closeLabel={t('ButtonClose')}
      persistent
      processing={create.isPending}
      testId="api-key-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form="api-key-form" loading={create.isPending}>
            {t('ButtonCreate')}
          </Button>
        </>
      }
    >
      <form id="api-key-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t('LabelName')}
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
          error={errors.name ? t(errors.name) : null}
          maxLength={200}
          autoComplete="off"
          data-autofocus
        />
        <div className="flex flex-col gap-1.5">
          <SelectField
            label={t('LabelActAsUser')}
            value={draft.userId}
            onChange={(e) => setDraft((d) => ({ ...d, userId: e.target.value }))}
            aria-invalid={errors.userId ? true : undefined}
            aria-describedby={errors.userId ? `${userFieldId}-error` : undefined}
            options={[
              { value: '', label: t('LabelSelectUser') },
              ...users.map((u) => ({ value: u.id, label: `${u.username} (${t(accountTypeKeys[u.type])})` })),
            ]}
          />
          {errors.userId && (
            <p id={`${userFieldId}-error`} className="text-xs text-error">
              {t(errors.userId)}
            </p>
          )}
          <p className="text-xs text-muted">{t('MessageApiKeyActsAsUser')}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('LabelExpiresIn')}
            value={draft.expiryUnit}
            onChange={(e) => setDraft((d) => ({ ...d, expiryUnit: e.target.value as ExpiryUnit }))}
            options={[
              { value: 'never', label: t('LabelNeverExpires') },
              { value: 'hours', label: t('LabelHours') },
              { value: 'days', label: t('LabelDays') },
            ]}
          />
          {draft.expiryUnit !== 'never' && (
            <TextField
              label={draft.expiryUnit === 'hours' ? t('LabelNumberOfHours') : t('LabelNumberOfDays')}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={draft.expiryAmount}
              onChange={(e) => setDraft((d) => ({ ...d, expiryAmount: e.target.value }))}
              error={errors.expiry ? t(errors.expiry) : null}
            />
          )}
        </div>
        <Toggle
          checked={draft.isActive}
          onChange={(isActive) => setDraft((d) => ({ ...d, isActive }))}
          label={t('LabelActive')}
          description={t('MessageApiKeyActiveHelp')}
        />
      </form>
    </Modal>
  )
}
