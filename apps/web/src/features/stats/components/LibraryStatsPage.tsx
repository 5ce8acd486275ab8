import { dateLocale } from '@/lib/i18n/index.ts'
import type { Library, LibraryStats } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { LoadingBox, PageHeader } from '@/components/ui/index.ts'
import { countText, CurrentLibraryPage, durationLabel, ListError } from '@/features/browse/index.ts'
import { formatBytes, formatNumber } from '@/lib/format.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useLibraryStats, useMyListeningStats } from '../api.ts'
import { dayColumns } from '../model/chart-columns.ts'
import { listeningSummary } from '../model/listening-summary.ts'
import { BarChart } from './charts/BarChart.tsx'
import { ColumnChart } from './charts/ColumnChart.tsx'
import { StatTiles } from './StatTiles.tsx'

/** /library/:libraryId/stats (admins, book libraries): the library's totals and top lists, drawn as charts. */
export function LibraryStatsPage() {
  return <CurrentLibraryPage>{(library) => <LibraryStatsGuard library={library} />}</CurrentLibraryPage>
}

function LibraryStatsGuard({ library }: { library: Library }) {
  const userType = useSessionStore((s) => s.user?.type)
  // Spec §2/§6: Stats is for admins and book libraries only; everyone else lands on the library's home.
  if (!userType || !isAdminOrUp(userType) || library.mediaType !== 'book')
    return <Navigate to={`/library/${library.id}`} replace />
  return <LibraryStatsView library={library} />
}

function LibraryStatsView({ library }: { library: Library }) {
  const { t } = useTranslation()
  const query = useLibraryStats(library.id)
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:px-8" data-testid="library-stats-page">
      <PageHeader title={t('HeaderLibraryStats')} description={library.name} />
      {query.isPending ? (
        <LoadingBox message={t('MessageLoading')} />
      ) : query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LibraryStatsBody stats={query.data} />
      )}
    </div>
  )
}

function LibraryStatsBody({ stats }: { stats: LibraryStats }) {
  const { t } = useTranslation()
  const locale = dateLocale()
  const number = (n: number) => formatNumber(n)
  const tiles: [string, string][] = [
    [t('LabelStatsItemsInLibrary'), number(stats.totalItems)],
    [t('LabelStatsAuthors'), number(stats.totalAuthors)],
    [t('LabelStatsGenres'), number(stats.totalGenres)],
    [t('LabelTotalDuration'), durationLabel(stats.totalDuration)],
    [t('LabelSize'), formatBytes(stats.totalSize)],
    [t('LabelStatsAudioTracks'), number(stats.numAudioTracks)],
  ]
  const itemLink = (id: string, title: string) => (
    <Link to={`/item/${id}`} className="font-medium hover:underline">
      {title || t('LabelNoTitle')}
    </Link>
  )
  return (
    <div className="mt-6 flex flex-col gap-6">
      <StatTiles tiles={tiles} />
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          title={t('HeaderStatsTop10Authors')}
          emptyText={t('MessageNoAuthors')}
          rows={stats.authorsWithCount.slice(0, 10).map((a) => ({
            key: a.id,
            label: (
              <Link to={`/author/${a.id}`} className="font-medium hover:underline">
                {a.name}
              </Link>
            ),
            value: a.count,
            valueText: countText(t, 'Book', a.count, locale),
          }))}
        />
        <BarChart
          title={t('HeaderStatsTop5Genres')}
          emptyText={t('MessageNoGenres')}
          rows={stats.genresWithCount.slice(0, 5).map((g) => ({
            key: g.genre,
            label: g.genre,
            value: g.count,
            valueText: countText(t, 'Book', g.count, locale),
          }))}
        />
        <BarChart
          title={t('HeaderStatsLongestItems')}
          emptyText={t('MessageNoItems')}
          rows={stats.longestItems.map((item) => ({
            key: item.id,
            label: itemLink(item.id, item.title),
            value: item.duration,
            valueText: durationLabel(item.duration),
          }))}
        />
        <BarChart
          title={t('HeaderStatsLargestItems')}
          emptyText={t('MessageNoItems')}
          rows={stats.largestItems.map((item) => ({
            key: item.id,
            label: itemLink(item.id, item.title),
            value: item.size,
            valueText: formatBytes(item.size),
          }))}
        />
      </div>
      <LastSevenDays />
    </div>
  )
}

/** Minutes the admin listened in the last seven days (their own listening, as Audiobookshelf shows it). */
function LastSevenDays() {
  const { t } = useTranslation()
  const query = useMyListeningStats()
  const [now] = useState(() => new Date())
  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  const summary = listeningSummary(query.data, now)
  return (
    <ColumnChart
      title={t('HeaderStatsMinutesListeningChart')}
      valueLabel={t('LabelMinutes')}
      columns={dayColumns(summary.lastSevenDays, dateLocale())}
      testId="week-chart"
    />
  )
}
