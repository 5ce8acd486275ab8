import type { CustomMetadataProvider } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, ConfirmPrompt, Icon, LoadingBox } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCustomProviders, useDeleteCustomProvider } from '../api.ts'
import { AddProviderModal } from './AddProviderModal.tsx'

const mediaTypeKeys = { book: 'LabelBook', podcast: 'LabelPodcast' } as const

/** /config/item-metadata-utils/custom-metadata-providers: the admin's own metadata providers. */
export function CustomProvidersPage() {
  const { t } = useTranslation()
  const query = useCustomProviders()
  const remove = useDeleteCustomProvider()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<CustomMetadataProvider | null>(null)

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting, {
      onSuccess: () => toast.success(t('ToastProviderRemoved')),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastDeleteFailed')),
      onSettled: () => setDeleting(null),
    })
  }

  const providers = query.data ?? []
  const th = 'px-4 py-3 font-semibold'

  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('HeaderCustomMetadataProviders')}</h1>
          <p className="mt-1 text-sm text-muted">{t('MessageCustomMetadataProvidersHelp')}</p>
        </div>
        <Button onClick={() => setAdding(true)} data-testid="custom-provider-add">
          <Icon name="add" className="size-4" />
          {t('ButtonAddProvider')}
        </Button>
      </div>

      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : query.isError ? (
        <p role="alert" className="mt-8 text-error">
          {errorMessage(query.error, t, 'ToastFailedToLoadData')}
        </p>
      ) : providers.length === 0 ? (
        <section className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
            <Icon name="database" className="size-7" />
          </div>
          <p className="max-w-md text-sm text-muted">{t('MessageNoCustomMetadataProviders')}</p>
        </section>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-border bg-surface">
          <table data-testid="custom-providers-table" className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t('LabelName')}
                </th>
                <th scope="col" className={th}>
                  {t('LabelUrl')}
                </th>
                <th scope="col" className={th}>
                  {t('LabelMediaType')}
                </th>
                <th scope="col" className={th}>
                  {t('LabelAuthorizationHeaderValue')}
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('LabelActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {providers.map((provider) => (
                <tr key={provider.id} data-testid="custom-provider-row">
                  <td className="px-4 py-3 font-medium">{provider.name}</td>
                  <td className="max-w-[20rem] truncate px-4 py-3 font-mono text-xs" title={provider.url}>
                    {provider.url}
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone="muted">{t(mediaTypeKeys[provider.mediaType])}</Badge>
                  </td>
                  <td className="px-4 py-3 font-mono text-xs">
                    {provider.authHeaderValue ?? <span className="font-sans text-muted">—</span>}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <button
                      type="button"
                      onClick={() => setDeleting(provider)}
                      aria-label={t('ButtonDeleteProvider', { name: provider.name })}
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

      {adding && <AddProviderModal onClose={() => setAdding(false)} />}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteProvider')}
        message={t('MessageConfirmDeleteProvider', { name: deleting?.name ?? '' })}
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
