import type { Feed } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  ConfirmPrompt,
  CopyButton,
  EmptyPanel,
  Icon,
  Modal,
  PageHeader,
  QueryView,
} from '@/components/ui/index.ts'
import { durationLabel } from '@/features/browse/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCloseFeed, useOpenFeeds } from '../api.ts'

const entityLabelKeys: Record<Feed['entityType'], string> = {
  item: 'LabelItem',
  collection: 'HeaderCollection',
  series: 'LabelSeries',
}

/** /config/rss-feeds (admin): every open feed, live; view one's channel and episodes, or close it. */
export function RssFeedsPage() {
  const { t } = useTranslation()
  useLanguage()
  const query = useOpenFeeds()
  const [viewing, setViewing] = useState<Feed | null>(null)
  const [closing, setClosing] = useState<Feed | null>(null)
  const close = useCloseFeed()
  const feeds = query.data?.feeds ?? []

  const confirmClose = () => {
    if (!closing) return
    close.mutate(closing, {
      onSuccess: () => {
        toast.success(t('ToastRSSFeedClosed'))
        setClosing(null)
      },
      onError: (error) => {
        toast.error(errorMessage(error, t, 'ToastRSSFeedCloseFailed'))
        setClosing(null)
      },
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('HeaderRSSFeeds')} description={t('MessageRSSFeedsHelp')} />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={feeds.length === 0 && <EmptyPanel icon="rss">{t('MessageNoRSSFeeds')}</EmptyPanel>}
      >
        <ul className="flex flex-col gap-3" data-testid="rss-feeds-list">
          {feeds.map((feed) => (
            <FeedRow key={feed.id} feed={feed} onView={setViewing} onClose={setClosing} />
          ))}
        </ul>
      </QueryView>
      {viewing && <FeedDetailsModal feed={viewing} onClose={() => setViewing(null)} />}
      <ConfirmPrompt
        open={closing !== null}
        title={t('ButtonCloseFeed')}
        message={t('MessageConfirmCloseFeed', { title: closing?.meta.title ?? '' })}
        yesLabel={t('ButtonCloseFeed')}
        yesVariant="danger"
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        processing={close.isPending}
        onConfirm={confirmClose}
        onCancel={() => setClosing(null)}
        testId="rss-feed-close-confirm"
      />
    </div>
  )
}

function FeedRow({
  feed,
  onView,
  onClose,
}: {
  feed: Feed
  onView: (feed: Feed) => void
  onClose: (feed: Feed) => void
}) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center"
      data-testid="rss-feed-row"
      data-feed-slug={feed.slug}
    >
      <div className="flex min-w-0 flex-1 gap-4">
        <FeedCover url={feed.meta.imageUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" data-testid="rss-feed-title">
            {feed.meta.title}
          </p>
          <p className="text-xs text-muted">
            {t(entityLabelKeys[feed.entityType])} ·{' '}
            {t('LabelRSSFeedEpisodeCount', { count: feed.episodes.length })} ·{' '}
            {t('LabelRSSFeedOpened', { date: formatDate(feed.createdAt, dateFormat) })}
          </p>
          <a
            href={feed.feedUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-1 block truncate font-mono text-xs text-primary hover:underline"
            data-testid="rss-feed-row-url"
          >
            {feed.feedUrl}
          </a>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <CopyButton
          text={feed.feedUrl}
          label={t('ButtonCopyFeedUrl')}
          copiedLabel={t('LabelCopied')}
          onError={() => toast.error(t('ToastUnknownError'))}
        />
        {/* The visible text starts each name (axe label-content-name-mismatch); the title tells rows apart. */}
        <Button variant="secondary" onClick={() => onView(feed)}>
          <Icon name="rss" className="size-4" />
          {t('ButtonViewFeed')}
          <span className="sr-only"> {feed.meta.title}</span>
        </Button>
        <Button variant="secondary" onClick={() => onClose(feed)}>
          {t('ButtonCloseFeed')}
          <span className="sr-only"> {feed.meta.title}</span>
        </Button>
      </div>
    </li>
  )
}

/** An episode's date in the user's format; the server's text when it is not a date; null without one. */
function pubDateLabel(pubDate: string | null, format: (ms: number) => string): string | null {
  if (!pubDate) return null
  const ms = Date.parse(pubDate)
  return Number.isNaN(ms) ? pubDate : format(ms)
}

/** The feed's cover as podcast apps get it; an RSS glyph when the entity has none (the URL answers 404). */
function FeedCover({ url }: { url: string }) {
  const [failed, setFailed] = useState(false)
  const box = 'flex size-16 shrink-0 items-center justify-center rounded-md bg-surface-raised'
  if (failed)
    return (
      <span className={box} data-testid="rss-feed-cover-fallback">
        <Icon name="rss" className="size-6 text-muted" />
      </span>
    )
  return (
    <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} className={`${box} object-cover`} />
  )
}

/** One feed's channel metadata and its episodes, as podcast apps see them. */
function FeedDetailsModal({ feed, onClose }: { feed: Feed; onClose: () => void }) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const { meta } = feed
  const rows: [string, string | null][] = [
    [t('LabelTitle'), meta.title],
    [t('LabelAuthor'), meta.author],
    [t('LabelRSSFeedEntity'), t(entityLabelKeys[feed.entityType])],
    [t('LabelRSSFeedSlug'), feed.slug],
    [t('LabelRSSFeedPreventIndexing'), t(meta.preventIndexing ? 'LabelYes' : 'LabelNo')],
    [t('LabelRSSFeedCustomOwnerName'), meta.ownerName],
    [t('LabelRSSFeedCustomOwnerEmail'), meta.ownerEmail],
  ]
  return (
    <Modal
      open
      onClose={onClose}
      title={meta.title}
      closeLabel={t('ButtonClose')}
      width={600}
      testId="rss-feed-details"
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <span className="min-w-0 flex-1 font-mono text-sm break-all">{feed.feedUrl}</span>
          <CopyButton text={feed.feedUrl} label={t('ButtonCopyFeedUrl')} copiedLabel={t('LabelCopied')} />
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
        </dl>
        {meta.description && (
          <p dir="auto" className="text-sm whitespace-pre-line text-fg/90">
            {meta.description}
          </p>
        )}
        <section aria-label={t('LabelEpisodes')}>
          <h3 className="mb-2 text-sm font-semibold">
            {t('LabelEpisodes')} ({feed.episodes.length})
          </h3>
          {feed.episodes.length === 0 ? (
            <p className="text-sm text-muted">{t('MessageNoFeedEpisodes')}</p>
          ) : (
            <ol
              className="divide-y divide-border rounded-lg border border-border"
              data-testid="rss-feed-episodes"
            >
              {feed.episodes.map((episode) => (
                <li key={episode.id} className="flex items-baseline gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 break-words">{episode.title}</span>
                  <span className="shrink-0 text-xs text-muted">
                    {pubDateLabel(episode.pubDate, (ms) => formatDate(ms, dateFormat)) ?? t('LabelNoPubDate')}
                    {' · '}
                    {durationLabel(episode.duration)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </Modal>
  )
}
