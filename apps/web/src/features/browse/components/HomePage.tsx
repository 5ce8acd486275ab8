import type { Library, PodcastEpisode, Shelf, ShelfItem } from '@shelfcast/contracts'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, LoadingBox, coverBox } from '@/components/ui/index.ts'
import { PlayButton } from '@/features/player/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { usePersonalized } from '../api.ts'
import { useNearViewport } from '../hooks/useNearViewport.ts'
import { itemCoverPath, itemTitle } from '../model/item-view.ts'
import {
  HOME_COVER_SIZE,
  HOME_EAGER_ROWS,
  homeCoverAspectRatio,
  visibleShelves,
} from '../model/home-covers.ts'
import { episodeQueueEntry } from '../model/queue-entry.ts'
import { AuthorCard } from './AuthorCard.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { HideSeriesMenuRow } from './HideSeriesMenuRow.tsx'
import { ItemCard } from './ItemCard.tsx'
import { SERIES_CARD_WIDTH_FACTOR, SeriesCard } from './SeriesCard.tsx'
import { captionHeight, captionLines, type BookshelfView } from '../model/card-geometry.ts'

/** Shelf labels by the server's labelStringKey (Audiobookshelf's keys); others show the server's label. */
const shelfLabelKeys: Record<string, string> = {
  LabelContinueListening: 'LabelContinueListening',
  LabelContinueReading: 'LabelContinueReading',
  LabelContinueSeries: 'LabelContinueSeries',
  LabelRecentlyAdded: 'LabelRecentlyAdded',
  LabelRecentSeries: 'LabelRecentSeries',
  LabelDiscover: 'LabelDiscover',
  LabelListenAgain: 'LabelListenAgain',
  LabelReadAgain: 'LabelReadAgain',
  LabelNewestAuthors: 'LabelNewestAuthors',
  LabelNewestEpisodes: 'LabelNewestEpisodes',
}

/** / and /library/:libraryId: the personalised shelves, each a horizontal row whose covers load when it nears the screen. */
export function HomePage() {
  return <CurrentLibraryPage>{(library) => <Home library={library} />}</CurrentLibraryPage>
}

function Home({ library }: { library: Library }) {
  const { t } = useTranslation()
  const query = usePersonalized(library.id)
  // The server's home-page setting (Settings > General) decides, as in Audiobookshelf: the home page has no toggle.
  const homeBookshelfView = useSessionStore((s) => s.serverSettings?.homeBookshelfView)
  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  const shelves = visibleShelves(query.data)
  const view = homeView(homeBookshelfView)
  return (
    <div className="py-6" data-testid="home">
      <h1 className="sr-only">{t('ButtonHome')}</h1>
      {shelves.length === 0 ? (
        <EmptyState icon="library" title={t('MessageLibraryEmpty')} hint={t('MessageLibraryEmptyHint')} />
      ) : (
        shelves.map((shelf, index) => (
          <ShelfRow
            key={shelf.id}
            shelf={shelf}
            library={library}
            view={view}
            eager={index < HOME_EAGER_ROWS}
          />
        ))
      )}
    </div>
  )
}

/** 0 is Audiobookshelf's standard view (bare covers), 1 its detail view (titles under them). */
const homeView = (setting: number | undefined): BookshelfView => (setting === 0 ? 'standard' : 'detail')

function ShelfRow({
  shelf,
  library,
  view,
  eager,
}: {
  shelf: Shelf
  library: Library
  view: BookshelfView
  eager: boolean
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLElement>(null)
  // The first rows are in view from the start: their covers render (and load) with the shelves, without
  // waiting a frame for the intersection observer.
  const near = useNearViewport(ref) || eager
  const scroller = useRef<HTMLUListElement>(null)
  const aspectRatio = homeCoverAspectRatio(library)
  const cover = coverBox(HOME_COVER_SIZE, aspectRatio)
  const labelKey = shelfLabelKeys[shelf.labelStringKey]
  const label = labelKey ? t(labelKey) : shelf.label
  const rowHeight =
    cover.height +
    captionHeight(
      captionLines(shelf.type === 'authors' ? 'author' : shelf.type === 'series' ? 'series' : 'book', view),
    )

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current
    if (!element) return
    // Right-to-left shelves start at the right: "back" scrolls towards positive scrollLeft there.
    const sign = getComputedStyle(element).direction === 'rtl' ? -1 : 1
    element.scrollBy({ left: sign * direction * element.clientWidth * 0.8, behavior: 'smooth' })
  }

  return (
    <section ref={ref} aria-label={label} className="mb-8" data-testid="home-shelf" data-shelf-id={shelf.id}>
      <div className="mb-3 flex items-center gap-2 px-4 md:px-8">
        <h2 className="flex-1 text-lg font-semibold">{label}</h2>
        <button
          type="button"
          onClick={() => scrollBy(-1)}
          aria-label={t('ButtonScrollLeft')}
          className="rounded-lg p-1.5 text-muted hover:bg-surface-raised hover:text-fg"
        >
          <Icon name="chevronLeft" className="size-5" />
        </button>
        <button
          type="button"
          onClick={() => scrollBy(1)}
          aria-label={t('ButtonScrollRight')}
          className="rounded-lg p-1.5 text-muted hover:bg-surface-raised hover:text-fg"
        >
          <Icon name="chevronRight" className="size-5" />
        </button>
      </div>
      <ul
        ref={scroller}
        className="relative flex gap-5 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] md:px-8"
        style={{ minHeight: rowHeight }}
      >
        {near &&
          (shelf.type === 'authors'
            ? shelf.entities.map((author) => (
                <li key={author.id} className="shrink-0">
                  <AuthorCard author={author} width={cover.height} />
                </li>
              ))
            : shelf.type === 'series'
              ? shelf.entities.map((series) => (
                  <li
                    key={series.id}
                    className="shrink-0"
                    style={{ width: cover.width * SERIES_CARD_WIDTH_FACTOR }}
                  >
                    <SeriesCard series={series} coverWidth={cover.width} aspectRatio={aspectRatio} />
                  </li>
                ))
              : shelf.entities.map((item) => (
                  <li
                    key={item.recentEpisode ? `${item.id}-${item.recentEpisode.id}` : item.id}
                    className="group/shelf relative shrink-0"
                    data-testid={item.recentEpisode ? 'home-episode' : undefined}
                  >
                    <ItemCard
                      item={item}
                      width={cover.width}
                      aspectRatio={aspectRatio}
                      view={view}
                      eager={eager}
                      episodeTitle={item.recentEpisode?.title}
                      menuRows={
                        shelf.id === 'continue-series' && item.series ? (
                          <HideSeriesMenuRow libraryId={item.libraryId} seriesId={item.series.id} />
                        ) : undefined
                      }
                    />
                    {item.recentEpisode && <EpisodePlayButton item={item} episode={item.recentEpisode} />}
                  </li>
                )))}
      </ul>
    </section>
  )
}

/** The play button of an episode on a podcast shelf (continue listening, newest episodes, listen again). */
function EpisodePlayButton({ item, episode }: { item: ShelfItem; episode: PodcastEpisode }) {
  const { t } = useTranslation()
  const podcast = {
    title: itemTitle(item) ?? t('LabelNoTitle'),
    libraryId: item.libraryId,
    coverPath: itemCoverPath(item),
  }
  return (
    <PlayButton
      variant="icon"
      libraryItemId={item.id}
      episodeId={episode.id}
      title={episode.title}
      queueItem={episodeQueueEntry(episode, podcast, null)}
      className="absolute top-2 end-2 size-9 opacity-0 group-hover/shelf:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100"
      testId="home-episode-play"
    />
  )
}
