import type { CreateShareRequest, MediaItemShare, ShareUnit } from '@shelfcast/contracts'
import { slugProblem } from '@shelfcast/contracts/client'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  CopyButton,
  Icon,
  LoadingBox,
  Modal,
  SelectField,
  TextField,
  Toggle,
} from '@/components/ui/index.ts'
import { currentRouterBasePath } from '@/lib/base-path.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateShare, useDeleteShare, useItemShare } from '../api.ts'
import {
  remainingLabel,
  shareExpiresAt,
  shareLifetime,
  shareUnits,
  shareUrl,
  stepDuration,
  suggestShareSlug,
} from '../model/share-expiry.ts'

export interface ShareModalProps {
  libraryItemId: string
  onClose: () => void
}

const unitLabelKeys: Record<ShareUnit, string> = {
  minutes: 'LabelMinutes',
  hours: 'LabelHours',
  days: 'LabelDays',
}

/** The current time, moved on every `intervalMs` (the time left and the expiry preview tick). */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

const urlOf = (slug: string) => shareUrl(window.location.origin, currentRouterBasePath(), slug)

/**
 * Share (600 wide, spec §2): a book not shared shows the new share form; a shared one its URL with copy, the
 * downloadable note, the time left (or Permanent, or Expired) and Delete.
 */
export function ShareModal({ libraryItemId, onClose }: ShareModalProps) {
  const { t } = useTranslation()
  const share = useItemShare(libraryItemId)
  const create = useCreateShare()
  const remove = useDeleteShare()
  const busy = create.isPending || remove.isPending
  const deleteShare = (existing: MediaItemShare) =>
    remove.mutate(existing, {
      onError: (error) => toast.error(errorMessage(error, t, 'ToastFailedToDeleteShare')),
    })

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderShareItem')}
      closeLabel={t('ButtonClose')}
      width={600}
      processing={busy}
      testId="share-modal"
    >
      {share.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : share.isError ? (
        <p className="text-sm text-error">{errorMessage(share.error, t, 'ToastFailedToLoadData')}</p>
      ) : share.data ? (
        <ExistingShare share={share.data} deleting={remove.isPending} onDelete={deleteShare} />
      ) : (
        <NewShareForm
          libraryItemId={libraryItemId}
          creating={create.isPending}
          onCreate={(request) =>
            create.mutate(request, {
              onError: (error) => toast.error(errorMessage(error, t, 'ToastFailedToShare')),
            })
          }
        />
      )}
    </Modal>
  )
}

function NewShareForm({
  libraryItemId,
  creating,
  onCreate,
}: {
  libraryItemId: string
  creating: boolean
  onCreate: (request: CreateShareRequest) => void
}) {
  const { t } = useTranslation()
  const settings = useSessionStore((s) => s.serverSettings)
  const now = useNow()
  const [slug, setSlug] = useState(() => suggestShareSlug())
  const [amount, setAmount] = useState('1')
  const [unit, setUnit] = useState<ShareUnit>('days')
  const [downloadable, setDownloadable] = useState(false)
  const [slugError, setSlugError] = useState<string | null>(null)
  const expiresAt = shareExpiresAt(amount, unit, now)

  const submit = () => {
    const problem = slugProblem(slug)
    setSlugError(problem)
    if (problem) return
    onCreate({
      slug,
      mediaItemType: 'book',
      mediaItemId: libraryItemId,
      // From the moment of the click, not of the last tick.
      expiresAt: shareExpiresAt(amount, unit, Date.now()),
      isDownloadable: downloadable,
    })
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      data-testid="share-form"
    >
      <TextField
        label={t('LabelSlug')}
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value)
          setSlugError(null)
        }}
        error={slugError}
        autoComplete="off"
        spellCheck={false}
        data-testid="share-slug"
      />
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex items-end gap-1">
          <Button
            type="button"
            variant="secondary"
            onClick={() => setAmount((a) => stepDuration(a, -1))}
            aria-label={t('ButtonDecrease')}
            title={t('ButtonDecrease')}
            data-testid="share-duration-minus"
          >
            <Icon name="minus" className="size-4" />
          </Button>
          <TextField
            label={t('LabelDuration')}
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^0-9]/g, ''))}
            inputMode="numeric"
            className="w-24"
            data-testid="share-duration"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => setAmount((a) => stepDuration(a, 1))}
            aria-label={t('ButtonIncrease')}
            title={t('ButtonIncrease')}
            data-testid="share-duration-plus"
          >
            <Icon name="add" className="size-4" />
          </Button>
        </div>
        <SelectField
          label={t('LabelUnit')}
          options={shareUnits.map((u) => ({ value: u, label: t(unitLabelKeys[u]) }))}
          value={unit}
          onChange={(event) => setUnit(event.target.value as ShareUnit)}
          className="w-36"
          data-testid="share-unit"
        />
      </div>
      <Toggle
        checked={downloadable}
        onChange={setDownloadable}
        label={t('LabelDownloadable')}
        description={t('LabelShareDownloadableHelp')}
        testId="share-downloadable"
      />
      <div className="flex flex-col gap-1 rounded-lg bg-surface-raised p-3 text-sm" aria-live="polite">
        <p className="break-all" data-testid="share-url-preview">
          {t('MessageShareUrlWillBe', { url: urlOf(slug) })}
        </p>
        <p data-testid="share-expiry-preview">
          {expiresAt === 0
            ? t('MessageShareWillBePermanent')
            : t('MessageShareExpirationWillBe', {
                date: formatDateTime(expiresAt, settings, dateLocale()),
              })}
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={creating} data-testid="share-create">
          {t('ButtonShare')}
        </Button>
      </div>
    </form>
  )
}

function ExistingShare({
  share,
  deleting,
  onDelete,
}: {
  share: MediaItemShare
  deleting: boolean
  onDelete: (share: MediaItemShare) => void
}) {
  const { t } = useTranslation()
  const now = useNow()
  const url = urlOf(share.slug)
  const lifetime = shareLifetime(share, now)

  return (
    <div className="flex flex-col gap-4" data-testid="share-existing">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">{t('LabelShareUrl')}</span>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            dir="ltr"
            className="min-w-0 grow basis-full rounded-lg border border-border bg-bg px-3 py-2 text-sm break-all text-fg sm:basis-0"
            data-testid="share-url"
          >
            {url}
          </a>
          <CopyButton
            text={url}
            label={t('ButtonCopyToClipboard')}
            copiedLabel={t('LabelCopied')}
            onError={() => toast.error(t('ToastCopyFailed'))}
          />
        </div>
      </div>
      <p className="text-sm text-muted" data-testid="share-downloadable-note">
        {t(share.isDownloadable ? 'MessageShareDownloadable' : 'MessageShareNotDownloadable')}
      </p>
      <p className="text-sm" data-testid="share-lifetime">
        {lifetime.kind === 'permanent' ? (
          t('LabelPermanent')
        ) : lifetime.kind === 'expired' ? (
          <span className="font-semibold text-error">{t('LabelExpired')}</span>
        ) : (
          t('MessageShareExpiresIn', { time: remainingLabel(lifetime.seconds) })
        )}
      </p>
      <div className="flex justify-end">
        <Button
          variant="danger"
          onClick={() => onDelete(share)}
          loading={deleting}
          data-testid="share-delete"
        >
          {t('ButtonDelete')}
        </Button>
      </div>
    </div>
  )
}
