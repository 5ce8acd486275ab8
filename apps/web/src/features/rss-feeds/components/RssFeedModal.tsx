import type { FeedMinified } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, CopyButton, Modal, Tabs, TextField } from '@/components/ui/index.ts'
import { currentRouterBasePath } from '@/lib/base-path.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useLanguage } from '@/lib/i18n/index.ts'
import { closeRssFeedModal, useRssFeedModal, type RssFeedTarget } from '@/lib/rss-feed-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCloseFeed, useOpenFeed } from '../api.ts'
import { feedServerAddress, feedSlugFor, isPlainHttp, optionalText } from '../model/feed-form.ts'

/**
 * The RSS feed modal of spec §2 (600 wide), mounted globally and opened through lib/rss-feed-modal.ts: the open
 * form (slug, metadata builder with General and Advanced tabs, warnings), or, for an open feed, its URL with
 * copy, its metadata and Close feed. Opening and closing are admin-only.
 */
export function RssFeedModal() {
  const target = useRssFeedModal((s) => s.target)
  const { t } = useTranslation()
  useLanguage()
  // Keyed by entity: a new target starts a fresh form.
  return (
    <Modal
      open={target !== null}
      onClose={closeRssFeedModal}
      title={target?.feed ? t('HeaderRSSFeedIsOpen') : t('HeaderOpenRSSFeed')}
      closeLabel={t('ButtonClose')}
      width={600}
      testId="rss-feed-modal"
    >
      {target && <RssFeedContent key={`${target.entityType}:${target.entityId}`} target={target} />}
    </Modal>
  )
}

function RssFeedContent({ target }: { target: RssFeedTarget }) {
  const { t } = useTranslation()
  const isAdmin = useSessionStore((s) => (s.user ? isAdminOrUp(s.user.type) : false))
  return (
    <div className="flex flex-col gap-5">
      <p className="truncate text-sm text-muted" data-testid="rss-feed-subject">
        {target.title}
      </p>
      {target.feed ? (
        <OpenFeedView feed={target.feed} canClose={isAdmin} />
      ) : isAdmin ? (
        <OpenFeedForm target={target} />
      ) : (
        <p className="text-sm text-muted">{t('MessageNoRSSFeeds')}</p>
      )}
    </div>
  )
}

type MetadataTab = 'general' | 'advanced'

/** The closed state: the slug and the metadata builder; the feed opens with the page's own address. */
function OpenFeedForm({ target }: { target: RssFeedTarget }) {
  const { t } = useTranslation()
  const [slug, setSlug] = useState(target.entityId)
  const [slugError, setSlugError] = useState<string | null>(null)
  const [tab, setTab] = useState<MetadataTab>('general')
  const [preventIndexing, setPreventIndexing] = useState(true)
  const [ownerName, setOwnerName] = useState('')
  const [ownerEmail, setOwnerEmail] = useState('')
  const open = useOpenFeed(target)
  const serverAddress = feedServerAddress(window.location.origin, currentRouterBasePath())

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = feedSlugFor(slug)
    if (checked.changed) {
      // Spec §5: the sanitised slug replaces the field, with a warning, and is what gets sent.
      setSlug(checked.slug)
      toast.warning(t('ToastRSSFeedSlugChanged', { slug: checked.slug }))
    }
    setSlugError(checked.problem)
    if (checked.problem) return
    open.mutate(
      {
        serverAddress,
        slug: checked.slug,
        metadataDetails: {
          preventIndexing,
          ownerName: optionalText(ownerName),
          ownerEmail: optionalText(ownerEmail),
        },
      },
      {
        // Spec §4: closed to open on success; the modal now shows the open feed.
        onSuccess: ({ feed }) => useRssFeedModal.setState({ target: { ...target, feed } }),
        onError: (error) => toast.error(errorMessage(error, t, 'ToastRSSFeedOpenFailed')),
      },
    )
  }

  const preventIndexingBox = (
    <Checkbox
      checked={preventIndexing}
      onChange={setPreventIndexing}
      label={
        <>
          {t('LabelRSSFeedPreventIndexing')}
          <span className="block text-xs text-muted">{t('LabelRSSFeedPreventIndexingHelp')}</span>
        </>
      }
    />
  )

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="rss-feed-form">
      <TextField
        label={t('LabelRSSFeedSlug')}
        value={slug}
        onChange={(event) => setSlug(event.target.value)}
        error={slugError}
        hint={t('LabelRSSFeedSlugHelp')}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
      <p className="-mt-3 text-xs break-all text-muted" data-testid="rss-feed-url-preview">
        {`${serverAddress}/feed/${feedSlugFor(slug).slug}`}
      </p>
      <section className="flex flex-col gap-4">
        <Tabs
          label={t('LabelRSSFeedMetadata')}
          tabs={[
            { id: 'general', label: t('LabelRSSFeedTabGeneral') },
            { id: 'advanced', label: t('LabelRSSFeedTabAdvanced') },
          ]}
          value={tab}
          onChange={(id) => setTab(id as MetadataTab)}
        />
        <div
          role="tabpanel"
          aria-label={t(tab === 'general' ? 'LabelRSSFeedTabGeneral' : 'LabelRSSFeedTabAdvanced')}
          className="flex flex-col gap-4"
        >
          {preventIndexingBox}
          {tab === 'advanced' && (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label={t('LabelRSSFeedCustomOwnerName')}
                value={ownerName}
                onChange={(event) => setOwnerName(event.target.value)}
                maxLength={500}
                autoComplete="off"
              />
              <TextField
                label={t('LabelRSSFeedCustomOwnerEmail')}
                type="email"
                value={ownerEmail}
                onChange={(event) => setOwnerEmail(event.target.value)}
                maxLength={500}
                autoComplete="off"
              />
            </div>
          )}
        </div>
      </section>
      {isPlainHttp(serverAddress) && <Alert tone="warning">{t('MessageRSSFeedHttpWarning')}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={open.isPending} data-testid="rss-feed-open">
          {t('ButtonOpenFeed')}
        </Button>
      </div>
    </form>
  )
}

/** The open state: the URL to subscribe to, the channel settings it was opened with, and Close feed. */
function OpenFeedView({ feed, canClose }: { feed: FeedMinified; canClose: boolean }) {
  const { t } = useTranslation()
  const close = useCloseFeed()
  const onClose = () =>
    close.mutate(feed, {
      // Spec §4: open to closed on close, then the modal closes.
      onSuccess: () => {
        toast.success(t('ToastRSSFeedClosed'))
        closeRssFeedModal()
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastRSSFeedCloseFailed')),
    })
  const { meta } = feed
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t('LabelFeedUrl')}</span>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <a
            href={feed.feedUrl}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 rounded-lg border border-border bg-bg px-3 py-2 font-mono text-sm break-all text-primary hover:underline"
            data-testid="rss-feed-url"
          >
            {feed.feedUrl}
          </a>
          <CopyButton
            text={feed.feedUrl}
            label={t('ButtonCopyFeedUrl')}
            copiedLabel={t('LabelCopied')}
            onError={() => toast.error(t('ToastUnknownError'))}
            className="shrink-0"
          />
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="rss-feed-meta">
        <dt className="text-muted">{t('LabelRSSFeedPreventIndexing')}</dt>
        <dd>{t(meta.preventIndexing ? 'LabelYes' : 'LabelNo')}</dd>
        {meta.ownerName && (
          <>
            <dt className="text-muted">{t('LabelRSSFeedCustomOwnerName')}</dt>
            <dd className="min-w-0 break-words">{meta.ownerName}</dd>
          </>
        )}
        {meta.ownerEmail && (
          <>
            <dt className="text-muted">{t('LabelRSSFeedCustomOwnerEmail')}</dt>
            <dd className="min-w-0 break-words">{meta.ownerEmail}</dd>
          </>
        )}
      </dl>
      {isPlainHttp(feed.feedUrl) && <Alert tone="warning">{t('MessageRSSFeedHttpWarning')}</Alert>}
      {feed.hasEpisodesWithoutPubDate && <Alert tone="warning">{t('MessageRSSFeedNoPubDate')}</Alert>}
      {canClose && (
        <div className="flex justify-end">
          {/* Secondary, not danger: white on the error colour fails contrast in the Dark theme (axe). */}
          <Button
            variant="secondary"
            loading={close.isPending}
            onClick={onClose}
            data-testid="rss-feed-close"
          >
            {t('ButtonCloseFeed')}
          </Button>
        </div>
      )}
    </div>
  )
}
