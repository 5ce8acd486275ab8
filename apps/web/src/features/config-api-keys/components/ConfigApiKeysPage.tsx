import type { ApiKey } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt, Icon, LoadingBox, Toggle } from '@/components/ui/index.ts'
import { useUsers } from '@/features/config-users/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { formatRelativeTime } from '@/lib/relative-time.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useApiKeys, useDeleteApiKey, useUpdateApiKey } from '../api.ts'
import { expiryState } from '../model/api-key-form.ts'
import { ApiKeyModal } from './ApiKeyModal.tsx'

/** /config/api-keys: keys that act as a user, with their state; create (secret shown once), switch, delete. */
export function ConfigApiKeysPage() {
  const { t } = useTranslation()
  useLanguage()
  const settings = useSessionStore((s) => s.serverSettings)
  const query = useApiKeys()
  const users = useUsers()
  const update = useUpdateApiKey()
  const remove = useDeleteApiKey()
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<ApiKey | null>(null)
  const [now] = useState(() => Date.now())

  const exact = (ms: number) => formatDateTime(ms, settings, dateLocale())
  const when = (ms: number) => (
    <time dateTime={new Date(ms).toISOString()} title={exact(ms)}>
      {formatRelativeTime(ms, now, dateLocale())}
    </time>
  )

  const expires = (key: ApiKey) => {
    const state = expiryState(key, now)
    if (state === 'never') return <span className="text-muted">{t('LabelNever')}</span>
    if (state === 'expired')
      return (
        <span className="font-medium text-error" title={exact(key.expiresAt!)}>
          {t('LabelExpired')}
        </span>
      )
    return when(key.expiresAt!)
  }

  const setActive = (key: ApiKey, isActive: boolean) =>
    update.mutate(
      { id: key.id, body: { isActive } },
      {
        onSuccess: () =>
          toast.success(isActive ? t('ToastApiKeyActivated', { name: key.name }) : t('ToastApiKeyDeactivated', { name: key.name })),
        onError: (error) => toast.error(errorMessage(error, t, 'ToastApiKeyUpdateFailed')),
      },
    )

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting, {
      onSuccess: () => toast.success(t('ToastApiKeyDeleted', { name: deleting.name })),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastApiKeyDeleteFailed')),
      onSettled: () => setDeleting(null),
    })
  }

  const keys = [...(query.data ?? [])].sort((a, b) => b.createdAt - a.createdAt)

  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('HeaderApiKeys')}</h1>
          <p className="mt-1 text-sm text-muted">{t('MessageApiKeysHelp')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Icon name="add" className="size-4" />
          {t('ButtonAddApiKey')}
        </Button>
      </div>

      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : query.isError ? (
        <p role="alert" className="mt-8 text-error">
          {errorMessage(query.error, t, 'ToastFailedToLoadData')}
        </p>
      ) : keys.length === 0 ? (
        <section className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
            <Icon name="key" className="size-7" />
          </div>
          <p className="max-w-md text-sm text-muted">{t('MessageNoApiKeys')}</p>
        </section>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-border bg-surface">
          <table data-testid="api-keys-table" className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelName')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelUser')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelActive')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelExpires')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelLastUsed')}
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('LabelActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {keys.map((key) => (
                <tr key={key.id} data-testid="api-key-row">
                  <td className="px-4 py-3 font-medium">{key.name}</td>
                  <td className="px-4 py-3">{key.user?.username ?? <span className="text-muted">—</span>}</td>
                  <td className="px-4 py-3">
                    <Toggle
                      checked={key.isActive}
                      onChange={(on) => setActive(key, on)}
                      label={<span className="sr-only">{t('LabelApiKeyActive', { name: key.name })}</span>}
                    />
                  </td>
                  <td className="px-4 py-3">{expires(key)}</td>
                  <td className="px-4 py-3">
                    {key.lastUsedAt ? when(key.lastUsedAt) : <span className="text-muted">{t('LabelNever')}</span>}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <button
                      type="button"
                      onClick={() => setDeleting(key)}
                      aria-label={t('ButtonDeleteApiKey', { name: key.name })}
                      title={t('ButtonDelete')}
                      className="rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-error"
                    >
                      <Icon name="trash" className="size-4.5" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {creating && <ApiKeyModal users={users.data ?? []} onClose={() => setCreating(false)} />}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteApiKey')}
        message={t('MessageConfirmDeleteApiKey', { name: deleting?.name ?? '' })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
