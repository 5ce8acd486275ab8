import type { MediaProgress } from '@shelfcast/contracts'
import { fillPath, fileRoutes } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt, Icon } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useDiscardProgress, useSetFinished } from '../hooks/useProgressActions.ts'

/** The item page's "Mark as finished" / "Mark as not finished" toggle of a book. */
export function FinishedToggle({ libraryItemId, finished }: { libraryItemId: string; finished: boolean }) {
  const { t } = useTranslation()
  const mutation = useSetFinished()
  const label = t(finished ? 'ButtonMarkAsNotFinished' : 'ButtonMarkAsFinished')
  return (
    <Button
      variant="secondary"
      aria-label={label}
      aria-pressed={finished}
      title={label}
      loading={mutation.isPending}
      onClick={() => mutation.mutate({ libraryItemId, episodeId: null, isFinished: !finished })}
      data-testid="item-toggle-finished"
      className={finished ? 'text-success' : undefined}
    >
      <Icon name="check" className="size-4" />
    </Button>
  )
}

/**
 * Downloads the item's file, or all its files as one zip, for users allowed to download. A link cannot send a
 * bearer header: the URL carries the token as `?token=` (API conventions for media and downloads).
 */
export function DownloadItemLink({ libraryItemId, title }: { libraryItemId: string; title: string }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const token = useSessionStore((s) => s.accessToken)
  const allowed = useSessionStore((s) => !!s.user?.permissions.download)
  if (!allowed) return null
  return (
    <a
      href={api.url(fillPath(fileRoutes.downloadItem.path, { id: libraryItemId }), { token })}
      download
      aria-label={t('ButtonDownloadFile', { name: title })}
      title={t('ButtonDownload')}
      data-testid="item-download"
      className="inline-flex h-10 items-center justify-center rounded-lg border border-border bg-surface-raised px-4 text-fg transition hover:border-muted"
    >
      <Icon name="download" className="size-4" />
    </a>
  )
}

/** Asks before discarding the book's progress; the progress bar goes once the server has let it go. */
export function DiscardProgressPrompt({
  progress,
  onClose,
}: {
  progress: MediaProgress | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const discard = useDiscardProgress()
  return (
    <ConfirmPrompt
      open={progress !== null}
      title={t('ButtonDiscardProgress')}
      message={t('MessageConfirmDiscardProgress')}
      yesLabel={t('ButtonDiscardProgress')}
      noLabel={t('ButtonCancel')}
      closeLabel={t('ButtonClose')}
      yesVariant="danger"
      processing={discard.isPending}
      onConfirm={() => progress && discard.mutate(progress, { onSettled: onClose })}
      onCancel={onClose}
      testId="discard-progress-prompt"
    />
  )
}
