import type { FeedEpisode, PodcastEpisode, SearchEpisodeResponse } from '@shelfcast/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, TextField } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { searchFeedEpisodes } from '../episode-api.ts'
import { applyFeedEpisode, type EpisodeForm } from '../model/episode-form.ts'

/**
 * The match tab: searches the podcast's feed for episodes near a title (GET search-episode, admins) and
 * hands the chosen one's fields to the details form, where they are reviewed and saved.
 */
export function EpisodeMatchPanel({
  episode,
  onPick,
}: {
  episode: PodcastEpisode
  onPick: (apply: (form: EpisodeForm) => EpisodeForm) => void
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const [title, setTitle] = useState(episode.title)
  const search = useMutation({
    mutationFn: (text: string): Promise<SearchEpisodeResponse> =>
      searchFeedEpisodes(api, episode.libraryItemId, text),
    onError: (error) => {
      console.error('[episodes] feed search failed', error)
      toast.error(errorMessage(error, t, 'ToastFailedToMatch'))
    },
  })
  const results = search.data?.episodes ?? null
  const pick = (feed: FeedEpisode) => onPick((form) => applyFeedEpisode(form, feed))

  return (
    <div className="flex flex-col gap-4" data-testid="episode-edit-match">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (title.trim()) search.mutate(title.trim())
        }}
      >
        <TextField
          className="flex-1"
          label={t('LabelSearchFeedByTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button
          type="submit"
          loading={search.isPending}
          disabled={!title.trim()}
          data-testid="episode-match-search"
        >
          {t('ButtonSearch')}
        </Button>
      </form>
      {results && results.length === 0 && (
        <p className="text-sm text-muted" data-testid="episode-match-empty">
          {t('MessageNoFeedEpisodesFound')}
        </p>
      )}
      {results && results.length > 0 && (
        <ul
          className="max-h-80 overflow-y-auto rounded-lg border border-border"
          data-testid="episode-match-results"
        >
          {results.map(({ episode: feed }, index) => (
            <li
              key={`${feed.guid ?? feed.title}-${index}`}
              className="border-b border-border last:border-b-0"
            >
              <button
                type="button"
                onClick={() => pick(feed)}
                className="block w-full px-3 py-2 text-start hover:bg-surface-raised"
                data-testid="episode-match-result"
              >
                <span className="block font-medium">{feed.title}</span>
                <span className="block text-xs text-muted">
                  {[
                    feed.publishedAt ? formatDate(feed.publishedAt, dateFormat) : null,
                    feed.season ? t('LabelSeasonNumber', { number: feed.season }) : null,
                    feed.episode ? t('LabelEpisodeNumber', { number: feed.episode }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {feed.descriptionPlain && (
                  <span className="mt-1 line-clamp-2 block text-xs text-muted">{feed.descriptionPlain}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
