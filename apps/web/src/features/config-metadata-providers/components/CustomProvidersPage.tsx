import type { CustomMetadataProvider } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  Button,
  ConfirmPrompt,
  DataTable,
  EmptyPanel,
  Icon,
  IconButton,
  QueryView,
  PageHeader,
} from '@/components/ui/index.ts'
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

  return (
    <div>
      <PageHeader
        title={t('HeaderCustomMetadataProviders')}
        description={t('MessageCustomMetadataProvidersHelp')}
        action={
          <Button onClick={() => setAdding(true)} data-testid="custom-provider-add">
            <Icon name="add" className="size-4" />
            {t('ButtonAddProvider')}
          </Button>
        }
      />

      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={
          providers.length === 0 && (
            <EmptyPanel icon="database">{t('MessageNoCustomMetadataProviders')}</EmptyPanel>
          )
        }
      >
        <DataTable
          testId="custom-providers-table"
          minWidthClass="min-w-[36rem]"
          columns={[t('LabelName'), t('LabelUrl'), t('LabelMediaType'), t('LabelAuthorizationHeaderValue')]}
          actionsLabel={t('LabelActions')}
        >
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
              <td className="px-4 py-3 text-end">
                <IconButton
                  icon="trash"
                  tone="danger"
                  label={t('ButtonDeleteProvider', { name: provider.name })}
                  title={t('ButtonDelete')}
                  onClick={() => setDeleting(provider)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryView>

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
