import type { PodcastSearchResult } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoverImage, EmptyPanel, Spinner } from '@/components/ui/index.ts'
import { countText } from '@/features/browse/index.ts'
import { podcastInLibrary, type PodcastTitle } from '../model/add-podcast-search.ts'
import { ExplicitBadge } from './add-podcast-parts.tsx'

export interface AddPodcastResultsProps {
  /** null until the first answer arrives. */
  results: PodcastSearchResult[] | null
  searching: boolean
  failed: boolean
  /** The library's podcasts, to mark results already subscribed. */
  titles: readonly PodcastTitle[]
  /** Feed URL being fetched for the preview. */
  loadingFeed: string | null
  onOpen: (result: PodcastSearchResult) => void
}

/** The directory's answer: one row per podcast; a click previews its feed. */
export function AddPodcastResults({
  results,
  searching,
  failed,
  titles,
  loadingFeed,
  onOpen,
}: AddPodcastResultsProps) {
  const { t } = useTranslation()
  if (searching && !results)
    return (
      <div className="mt-8 flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> {t('MessagePodcastSearching')}
      </div>
    )
  if (failed && !results) return null
  if (!results || results.length === 0)
    return (
      <EmptyPanel icon="search">
        <p data-testid="podcast-search-empty">{t('MessageNoPodcastsFound')}</p>
      </EmptyPanel>
    )
  return (
    <ul
      className="mt-6 flex flex-col gap-2"
      aria-busy={searching || undefined}
      aria-label={t('LabelPodcastSearchResults')}
    >
      {results.map((result) => {
        const existing = podcastInLibrary({ itunesId: String(result.id), feedUrl: result.feedUrl }, titles)
        return (
          <li
            key={result.id}
            data-testid="podcast-search-result"
            className="flex items-start gap-4 rounded-xl border border-border bg-surface p-3 transition hover:border-muted"
          >
            <CoverImage
              src={result.cover}
              title={result.title}
              author={result.artistName}
              aspectRatio={1}
              width={80}
              invalidLabel={t('LabelInvalidCover')}
            />
            <div className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => onOpen(result)}
                disabled={loadingFeed !== null}
                className="block max-w-full truncate text-start font-semibold hover:underline disabled:cursor-wait"
              >
                {result.title}
              </button>
              {result.artistName && <p className="truncate text-sm text-muted">{result.artistName}</p>}
              {result.genres.length > 0 && (
                <p className="truncate text-xs text-muted">{result.genres.join(', ')}</p>
              )}
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                {result.trackCount !== null && <span>{countText(t, 'Episode', result.trackCount)}</span>}
                {result.explicit && <ExplicitBadge />}
                {existing && (
                  <Link
                    to={`/item/${existing.libraryItemId}`}
                    className="font-semibold text-success hover:underline"
                    data-testid="podcast-already-in-library"
                  >
                    {t('LabelAlreadyInLibrary')}
                  </Link>
                )}
              </div>
            </div>
            {loadingFeed !== null && loadingFeed === result.feedUrl && <Spinner className="self-center" />}
          </li>
        )
      })}
    </ul>
  )
}
