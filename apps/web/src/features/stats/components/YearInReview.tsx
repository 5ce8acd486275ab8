import type { NameWithTime, ServerStats, ServerYearStats, UserYearStats } from '@shelfcast/contracts'
import { fillPath, isAdminOrUp, itemRoutes } from '@shelfcast/contracts/client'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadingBox, SelectField, Tabs } from '@/components/ui/index.ts'
import { durationLabel, ListError } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { dateLocale } from '@/lib/i18n/index.ts'
import { formatBytes, formatNumber } from '@/lib/format.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useMyYearStats, useServerStats, useServerYearStats } from '../api.ts'
import { monthColumns } from '../model/chart-columns.ts'
import { isEmptyServerYear, isEmptyUserYear, yearOptions } from '../model/year-review.ts'
import { BarChart, type BarRow } from './charts/BarChart.tsx'
import { ColumnChart } from './charts/ColumnChart.tsx'
import { ShareReviewButton } from './ShareReviewButton.tsx'
import { StatTiles } from './StatTiles.tsx'

type Scope = 'me' | 'server'

/** The Stats page's year in review: the user's year, and for admins the server's, with a year picker and sharing. */
export function YearInReview() {
  const { t } = useTranslation()
  const headingId = useId()
  const isAdmin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const [currentYear] = useState(() => new Date().getFullYear())
  const [year, setYear] = useState(currentYear)
  const [scope, setScope] = useState<Scope>('me')
  const serverScope = isAdmin && scope === 'server'
  const mine = useMyYearStats(year, !serverScope)
  const server = useServerYearStats(year, serverScope)
  const active = serverScope ? server : mine
  const years = yearOptions(active.data?.yearsWithData, year, currentYear)

  return (
    <section className="mt-10" aria-labelledby={headingId} data-testid="year-in-review">
      <h2 id={headingId} className="text-xl font-bold">
        {t('HeaderYearReview', { year })}
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        {isAdmin && (
          <Tabs
            label={t('HeaderYearReview', { year })}
            tabs={[
              { id: 'me', label: t('LabelYourYear') },
              { id: 'server', label: t('LabelServerYear') },
            ]}
            value={scope}
            onChange={(id) => setScope(id === 'server' ? 'server' : 'me')}
          />
        )}
        <SelectField
          label={t('LabelYear')}
          className="w-32"
          value={String(year)}
          onChange={(event) => setYear(Number(event.target.value))}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          data-testid="year-picker"
        />
      </div>
      <div className="mt-4">
        {active.isPending || active.isPlaceholderData ? (
          <LoadingBox message={t('MessageLoading')} />
        ) : active.isError ? (
          <ListError error={active.error} onRetry={() => void active.refetch()} />
        ) : serverScope && server.data ? (
          <ServerYear stats={server.data} />
        ) : mine.data ? (
          <UserYear stats={mine.data} />
        ) : null}
      </div>
    </section>
  )
}

function nameRows(list: NameWithTime[]): BarRow[] {
  return list.map((entry) => ({
    key: entry.name,
    label: entry.name,
    value: entry.time,
    valueText: durationLabel(entry.time),
  }))
}

/** Top authors, genres and narrators, and the month chart: common to both years. */
function YearCharts({ stats }: { stats: UserYearStats | ServerYearStats }) {
  const { t } = useTranslation()
  const authors = nameRows(stats.topAuthors)
  const narrators = nameRows(stats.topNarrators)
  const genres: BarRow[] = stats.topGenres.map((g) => ({
    key: g.genre,
    label: g.genre,
    value: g.time,
    valueText: durationLabel(g.time),
  }))
  const session = stats.longestSession
  return (
    <>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <BarChart title={t('HeaderTopAuthors')} rows={authors} emptyText={t('MessageNoAuthors')} />
        <BarChart title={t('HeaderTopGenres')} rows={genres} emptyText={t('MessageNoGenres')} />
        <BarChart title={t('HeaderTopNarrators')} rows={narrators} emptyText={t('MessageNoNarrators')} />
      </div>
      {session && (
        <p className="mt-6 text-sm" data-testid="year-longest-session">
          <span className="font-semibold">{t('LabelLongestSession')}: </span>
          {session.libraryItemId ? (
            <Link to={`/item/${session.libraryItemId}`} className="hover:underline">
              {session.displayTitle || t('LabelNoTitle')}
            </Link>
          ) : (
            session.displayTitle || t('LabelNoTitle')
          )}{' '}
          <span className="text-muted">
            {durationLabel(session.timeListening)} ·{' '}
            {new Date(`${session.date}T12:00:00`).toLocaleDateString(dateLocale())}
          </span>
        </p>
      )}
      <div className="mt-6">
        <ColumnChart
          title={t('HeaderListeningPerMonth')}
          valueLabel={t('LabelMinutes')}
          columns={monthColumns(stats.monthlyListeningTime, stats.year, dateLocale())}
          testId="month-chart"
        />
      </div>
    </>
  )
}

function EmptyYear({ year }: { year: number }) {
  const { t } = useTranslation()
  return (
    <p className="rounded-2xl border border-border bg-surface p-6 text-muted" data-testid="year-empty">
      {t('MessageNoListeningInYear', { year })}
    </p>
  )
}

function UserYear({ stats }: { stats: UserYearStats }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const username = useSessionStore((s) => s.user?.username ?? '')
  if (isEmptyUserYear(stats)) return <EmptyYear year={stats.year} />
  const number = (n: number) => formatNumber(n)
  const tiles: [string, string][] = [
    [t('LabelTotalTimeListened'), durationLabel(stats.totalListeningTime)],
    [t('LabelListeningSessions'), number(stats.totalListeningSessions)],
    [t('LabelBooksListened'), number(stats.numBooksListened)],
    [t('LabelBooksFinished'), number(stats.numBooksFinished)],
  ]
  const withCover = new Set(stats.finishedBooksWithCovers)
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <ShareReviewButton stats={stats} subtitle={username} />
      </div>
      <StatTiles tiles={tiles} testId="year-tile" />
      {stats.finishedBooks.length > 0 && (
        <section className="mt-6" aria-labelledby="year-finished-heading">
          <h3 id="year-finished-heading" className="text-lg font-semibold">
            {t('LabelBooksFinished')}
          </h3>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {stats.finishedBooks.map((book) => (
              <li key={book.id} className="min-w-0" data-testid="year-finished-book">
                <Link to={`/item/${book.id}`} className="group block">
                  {withCover.has(book.id) ? (
                    <img
                      src={api.url(fillPath(itemRoutes.cover.path, { id: book.id }), { width: 240 })}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full rounded-lg bg-surface object-cover"
                    />
                  ) : (
                    <div className="aspect-square w-full rounded-lg bg-surface-raised" />
                  )}
                  <span className="mt-1 block truncate text-sm font-medium group-hover:underline">
                    {book.title || t('LabelNoTitle')}
                  </span>
                </Link>
                <span className="block truncate text-xs text-muted">{book.author}</span>
                <span className="block text-xs text-muted">
                  {new Date(book.finishedAt).toLocaleDateString(dateLocale())}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <YearCharts stats={stats} />
    </div>
  )
}

function ServerYear({ stats }: { stats: ServerYearStats }) {
  const { t } = useTranslation()
  const totals = useServerStats(true)
  if (isEmptyServerYear(stats))
    return (
      <>
        <EmptyYear year={stats.year} />
        <ServerTotals totals={totals.data} />
      </>
    )
  const number = (n: number) => formatNumber(n)
  const tiles: [string, string][] = [
    [t('LabelTotalTimeListened'), durationLabel(stats.totalListeningTime)],
    [t('LabelListeners'), number(stats.numListeners)],
    [t('LabelListeningSessions'), number(stats.numListeningSessions)],
    [t('LabelBooksAdded'), number(stats.numBooksAdded)],
    [t('LabelBooksFinished'), number(stats.numBooksFinished)],
    [t('LabelSize'), formatBytes(stats.totalBooksAddedSize)],
  ]
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <ShareReviewButton stats={stats} subtitle={t('LabelServerYear')} />
      </div>
      <StatTiles tiles={tiles} testId="year-tile" />
      <YearCharts stats={stats} />
      <ServerTotals totals={totals.data} />
    </div>
  )
}

/** Today's totals of the server (GET /api/stats/server). */
function ServerTotals({ totals }: { totals: ServerStats | undefined }) {
  const { t } = useTranslation()
  if (!totals) return null
  const number = (n: number) => formatNumber(n)
  return (
    <section className="mt-6" aria-labelledby="server-totals-heading">
      <h3 id="server-totals-heading" className="mb-3 text-lg font-semibold">
        {t('HeaderServerTotals')}
      </h3>
      <StatTiles
        testId="server-total"
        tiles={[
          [t('LabelNumberOfBooks'), number(totals.books.numItems)],
          [t('LabelTotalDuration'), durationLabel(totals.total.totalDuration)],
          [t('LabelSize'), formatBytes(totals.total.totalSize)],
          [t('LabelStatsAudioTracks'), number(totals.total.numAudioFiles)],
          [t('LabelUsers'), number(totals.total.numUsers)],
          [t('LabelListeningSessions'), number(totals.total.numListeningSessions)],
        ]}
      />
    </section>
  )
}
