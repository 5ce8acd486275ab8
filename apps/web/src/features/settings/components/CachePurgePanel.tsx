import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { usePurgeCache, type CacheKind } from '../api.ts'

const confirmKeys: Record<CacheKind, string> = {
  all: 'MessageConfirmPurgeCache',
  items: 'MessageConfirmPurgeItemsCache',
}
const buttonKeys: Record<CacheKind, string> = { all: 'ButtonPurgeAllCache', items: 'ButtonPurgeItemsCache' }

/** Settings: "Purge All Cache" and "Purge Items Cache", each behind a confirm prompt. */
export function CachePurgePanel() {
  const { t } = useTranslation()
  const purge = usePurgeCache()
  const [asking, setAsking] = useState<CacheKind | null>(null)

  const confirm = (kind: CacheKind) =>
    purge.mutate(kind, {
      onSuccess: () => toast.success(t('ToastCachePurgeSuccess')),
      // The spec's toast with the server's reason (e.g. an audio tool is running: purge when it has finished).
      onError: (error) => toast.error(`${t('ToastCachePurgeFailed')}: ${errorMessage(error, t)}`),
      onSettled: () => setAsking(null),
    })

  return (
    <section
      aria-labelledby="cache-purge-title"
      className="mt-8 rounded-2xl border border-border bg-surface p-4 sm:p-6"
      data-testid="cache-purge"
    >
      <h2 id="cache-purge-title" className="text-lg font-semibold">
        {t('HeaderCache')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('MessageCacheHelp')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {(['all', 'items'] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            loading={purge.isPending && purge.variables === kind}
            onClick={() => setAsking(kind)}
            data-testid={`purge-cache-${kind}`}
          >
            {t(buttonKeys[kind])}
          </Button>
        ))}
      </div>
      <ConfirmPrompt
        open={asking !== null}
        title={asking ? t(buttonKeys[asking]) : ''}
        message={asking ? t(confirmKeys[asking]) : ''}
        yesLabel={asking ? t(buttonKeys[asking]) : ''}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={purge.isPending}
        onConfirm={() => asking && confirm(asking)}
        onCancel={() => setAsking(null)}
        testId="purge-cache-confirm"
      />
    </section>
  )
}
