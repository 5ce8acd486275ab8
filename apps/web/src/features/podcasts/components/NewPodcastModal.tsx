import { dateLocale } from '@/lib/i18n/index.ts'
import type { Library } from '@shelfcast/contracts'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert, CoverImage, SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { countText } from '@/features/browse/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreatePodcast } from '../add-podcast-api.ts'
import { podcastInLibrary, type PodcastTitle } from '../model/add-podcast-search.ts'
import {
  createPodcastRequest,
  initialNewPodcastForm,
  newestEpisodes,
  podcastFolderPath,
  previewMetadata,
  type FeedPreview,
  type NewPodcastForm,
} from '../model/new-podcast-form.ts'
import { feedPlainText } from '../model/new-podcast-text.ts'
import { AddPodcastDialog, ExplicitBadge } from './add-podcast-parts.tsx'

/** How many of the newest episodes the modal lists. */
const LISTED_EPISODES = 5

export interface NewPodcastModalProps {
  library: Library
  preview: FeedPreview
  /** The library's podcasts, to say when this feed is subscribed already. */
  titles: readonly PodcastTitle[]
  onClose: () => void
}

/** The feed preview (800 wide): check the feed, choose title, folder and downloads, then subscribe. */
export function NewPodcastModal({ library, preview, titles, onClose }: NewPodcastModalProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const create = useCreatePodcast(library.id)
  const [form, setForm] = useState<NewPodcastForm>(() => initialNewPodcastForm(preview, library))
  const metadata = previewMetadata(preview)
  const { feed } = preview
  const folder = library.folders.find((f) => f.id === form.folderId)
  const edit = (change: Partial<NewPodcastForm>) => setForm((prev) => ({ ...prev, ...change }))
  const description = feedPlainText(metadata.descriptionPlain || metadata.description)
  const listed = newestEpisodes(feed.episodes, LISTED_EPISODES)
  const existing = podcastInLibrary(metadata, titles)

  const submit = () => {
    const check = createPodcastRequest(preview, form, library)
    if (!check.ok) return toast.error(t(check.errorKey))
    create.mutate(check.body, {
      onSuccess: (item) => {
        toast.success(t('ToastPodcastCreateSuccess'))
        onClose()
        void navigate(`/item/${item.id}`)
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastPodcastCreateFailed')),
    })
  }

  return (
    <AddPodcastDialog
      title={t('HeaderNewPodcast')}
      testId="new-podcast-modal"
      submitLabel={t('ButtonSubmit')}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-5 sm:flex-row">
          <CoverImage
            src={metadata.imageUrl}
            title={form.title}
            author={form.author}
            aspectRatio={1}
            width={160}
            invalidLabel={t('LabelInvalidCover')}
            loading="eager"
            className="shrink-0 self-center sm:self-start"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <TextField
              label={t('LabelTitle')}
              value={form.title}
              onChange={(e) => edit({ title: e.target.value })}
              data-testid="new-podcast-title"
            />
            <TextField
              label={t('LabelAuthor')}
              value={form.author}
              onChange={(e) => edit({ author: e.target.value })}
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <Fact label={t('LabelFeedUrl')}>
                <span dir="ltr" className="break-all" data-testid="new-podcast-feed-url">
                  {metadata.feedUrl}
                </span>
              </Fact>
              {metadata.genres.length > 0 && (
                <Fact label={t('LabelGenres')}>{metadata.genres.join(', ')}</Fact>
              )}
              {metadata.type && (
                <Fact label={t('LabelPodcastType')}>
                  {metadata.type === 'serial' ? t('LabelSerial') : t('LabelEpisodic')}
                </Fact>
              )}
              {metadata.language && <Fact label={t('LabelLanguage')}>{metadata.language}</Fact>}
              <Fact label={t('LabelExplicit')}>{metadata.explicit ? <ExplicitBadge /> : t('LabelNo')}</Fact>
            </dl>
          </div>
        </div>

        {description && (
          <section>
            <h3 className="text-sm font-medium">{t('LabelDescription')}</h3>
            {/* Feed text is shown as text only: it never reaches the DOM as markup. */}
            <p
              dir="auto"
              className="mt-1 max-h-40 overflow-y-auto whitespace-pre-line rounded-lg bg-bg p-3 text-sm text-muted"
              data-testid="new-podcast-description"
            >
              {description}
            </p>
          </section>
        )}

        {existing && (
          <Alert tone="info">
            <Link
              to={`/item/${existing.libraryItemId}`}
              className="font-semibold underline"
              data-testid="new-podcast-existing"
            >
              {t('LabelAlreadyInLibrary')}
            </Link>
            {`: ${existing.title}`}
          </Alert>
        )}

        {feed.hasEpisodesWithoutPubDate && (
          <Alert tone="warning">{t('MessagePodcastEpisodesWithoutPubDate')}</Alert>
        )}

        <section>
          <h3 className="text-sm font-medium" data-testid="new-podcast-episode-count">
            {countText(t, 'Episode', feed.numEpisodes || feed.episodes.length)}
          </h3>
          <p className="text-xs text-muted">{t('LabelNewestEpisodes')}</p>
          <ul className="mt-1 divide-y divide-border rounded-lg border border-border text-sm">
            {listed.map((episode, index) => (
              <li key={episode.guid ?? `${index}-${episode.title}`} className="flex gap-3 px-3 py-1.5">
                <span className="min-w-0 flex-1 truncate">{episode.title}</span>
                {episode.publishedAt !== null && (
                  <span className="shrink-0 text-xs text-muted">
                    {new Date(episode.publishedAt).toLocaleDateString(dateLocale())}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
          <SelectField
            label={t('LabelFolder')}
            options={library.folders.map((f) => ({ value: f.id, label: f.fullPath }))}
            value={form.folderId}
            onChange={(e) => edit({ folderId: e.target.value })}
            data-testid="new-podcast-folder"
          />
          <div className="flex min-w-0 flex-col gap-1.5">
            <span className="text-sm font-medium">{t('LabelPath')}</span>
            <p
              className="flex h-10 items-center truncate rounded-lg border border-border bg-bg px-3 font-mono text-xs text-muted"
              data-testid="new-podcast-path"
            >
              {folder ? podcastFolderPath(folder.fullPath, form.title) : ''}
            </p>
          </div>
        </div>

        <Toggle
          checked={form.autoDownloadEpisodes}
          onChange={(checked) => edit({ autoDownloadEpisodes: checked })}
          label={t('LabelAutoDownloadEpisodes')}
          testId="new-podcast-auto-download"
        />
        <TextField
          type="number"
          min={0}
          max={feed.episodes.length}
          label={t('LabelDownloadNewestEpisodes')}
          hint={t('MessageDownloadNewestEpisodesHint')}
          value={String(form.downloadNewest)}
          onChange={(e) => edit({ downloadNewest: clampCount(e.target.value, feed.episodes.length) })}
          className="max-w-xs"
          data-testid="new-podcast-download-newest"
        />
      </div>
    </AddPodcastDialog>
  )
}

function clampCount(value: string, max: number): number {
  const n = Math.floor(Number(value))
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  )
}
