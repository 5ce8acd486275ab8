import type { ApiKey } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  ConfirmPrompt,
  DataTable,
  EmptyPanel,
  Icon,
  IconButton,
  QueryView,
  PageHeader,
  Toggle,
} from '@/components/ui/index.ts'
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
          toast.success(
            isActive
              ? t('ToastApiKeyActivated', { name: key.name })
              : t('ToastApiKeyDeactivated', { name: key.name }),
          ),
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
      <PageHeader
        title={t('HeaderApiKeys')}
        description={t('MessageApiKeysHelp')}
        action={
          <Button onClick={() => setCreating(true)}>
            <Icon name="add" className="size-4" />
            {t('ButtonAddApiKey')}
          </Button>
        }
      />

      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={keys.length === 0 && <EmptyPanel icon="key">{t('MessageNoApiKeys')}</EmptyPanel>}
      >
        <DataTable
          testId="api-keys-table"
          columns={[t('LabelName'), t('LabelUser'), t('LabelActive'), t('LabelExpires'), t('LabelLastUsed')]}
          actionsLabel={t('LabelActions')}
        >
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
                {key.lastUsedAt ? (
                  when(key.lastUsedAt)
                ) : (
                  <span className="text-muted">{t('LabelNever')}</span>
                )}
              </td>
              <td className="px-4 py-3 text-end">
                <IconButton
                  icon="trash"
                  tone="danger"
                  label={t('ButtonDeleteApiKey', { name: key.name })}
                  title={t('ButtonDelete')}
                  onClick={() => setDeleting(key)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryView>

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
