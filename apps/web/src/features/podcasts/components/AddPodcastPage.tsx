import type { Library, PodcastSearchResult } from '@shelfcast/contracts'
import { isAdminOrUp, podcastSearchRegions } from '@shelfcast/contracts/client'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { Button, PageHeader, SelectField, TextField } from '@/components/ui/index.ts'
import { CurrentLibraryPage } from '@/features/browse/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { usePodcastDirectorySearch, usePodcastFeedPreview, usePodcastTitles } from '../add-podcast-api.ts'
import {
  initialSearchRegion,
  isPodcastSearchRegion,
  parseSearchInput,
  rememberSearchRegion,
  type PodcastSearchRegion,
} from '../model/add-podcast-search.ts'
import type { FeedPreview } from '../model/new-podcast-form.ts'
import { AddPodcastResults } from './AddPodcastResults.tsx'
import { NewPodcastModal } from './NewPodcastModal.tsx'
import { OpmlButtons } from './OpmlButtons.tsx'

/** /library/:libraryId/podcast/search (admins, podcast libraries): find a podcast or feed and subscribe. */
export function AddPodcastPage() {
  return <CurrentLibraryPage>{(library) => <AddPodcastGuard library={library} />}</CurrentLibraryPage>
}

function AddPodcastGuard({ library }: { library: Library }) {
  const userType = useSessionStore((s) => s.user?.type)
  // Spec §6: Add is for admins, and only podcast libraries have it; others land on the library's home.
  if (!userType || !isAdminOrUp(userType) || library.mediaType !== 'podcast')
    return <Navigate to={`/library/${library.id}`} replace />
  return <AddPodcast library={library} />
}

function useRegionOptions() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' })
    } catch {
      names = null
    }
    return podcastSearchRegions.map((code) => {
      const name = names?.of(code.toUpperCase())
      return { value: code, label: name ? `${name} (${code.toUpperCase()})` : code.toUpperCase() }
    })
  }, [i18n.language])
}

function AddPodcast({ library }: { library: Library }) {
  const { t } = useTranslation()
  const regionOptions = useRegionOptions()
  const [text, setText] = useState('')
  const [region, setRegion] = useState<PodcastSearchRegion>(() =>
    initialSearchRegion(library.id, library.settings.podcastSearchRegion),
  )
  const [query, setQuery] = useState<{ term: string; country: PodcastSearchRegion } | null>(null)
  const [preview, setPreview] = useState<FeedPreview | null>(null)
  const [loadingFeed, setLoadingFeed] = useState<string | null>(null)
  const search = usePodcastDirectorySearch(query)
  const titles = usePodcastTitles(library.id)
  const feedPreview = usePodcastFeedPreview()

  useEffect(() => {
    if (search.isError) toast.error(errorMessage(search.error, t, 'ToastPodcastSearchFailed'))
    // Once per failure: errorUpdatedAt changes with each failed fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.errorUpdatedAt])

  const openFeed = (feedUrl: string | null, result: PodcastSearchResult | null) => {
    if (!feedUrl) return toast.error(t('ToastPodcastNoRssFeed'))
    if (feedPreview.isPending) return
    setLoadingFeed(feedUrl)
    feedPreview.mutate(feedUrl, {
      onSuccess: ({ podcast }) => {
        if (podcast.episodes.length === 0) return toast.error(t('ToastPodcastNoEpisodesInFeed'))
        setPreview({ feedUrl, feed: podcast, result })
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastPodcastFeedFailed')),
      onSettled: () => setLoadingFeed(null),
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = parseSearchInput(text)
    if (!input) return
    if (input.kind === 'feed') return openFeed(input.url, null)
    const next = { term: input.term, country: region }
    if (query?.term === next.term && query.country === next.country) void search.refetch()
    else setQuery(next)
  }

  const changeRegion = (value: string) => {
    if (!isPodcastSearchRegion(value)) return
    setRegion(value)
    rememberSearchRegion(library.id, value)
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:px-8">
      <PageHeader title={t('HeaderAddPodcast')} action={<OpmlButtons library={library} />} />
      <form onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <TextField
          label={t('LabelPodcastSearchInput')}
          placeholder={t('MessagePodcastSearchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-w-64 flex-1"
          data-testid="podcast-search-input"
          autoComplete="off"
        />
        <SelectField
          label={t('LabelRegion')}
          options={regionOptions}
          value={region}
          onChange={(e) => changeRegion(e.target.value)}
          className="w-56"
          data-testid="podcast-search-region"
        />
        <Button
          type="submit"
          loading={search.isFetching || (feedPreview.isPending && !query)}
          data-testid="podcast-search-submit"
        >
          {t('ButtonSubmit')}
        </Button>
      </form>
      {query && (
        <AddPodcastResults
          results={search.data ?? null}
          searching={search.isFetching}
          failed={search.isError}
          titles={titles.data?.podcasts ?? []}
          loadingFeed={loadingFeed}
          onOpen={(result) => openFeed(result.feedUrl, result)}
        />
      )}
      {!query && loadingFeed && <p className="mt-6 text-sm text-muted">{t('MessagePodcastLoadingFeed')}</p>}
      {preview && (
        <NewPodcastModal
          key={preview.feedUrl}
          library={library}
          preview={preview}
          titles={titles.data?.podcasts ?? []}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  )
}
