import { dateLocale } from '@/lib/i18n/index.ts'
import { playbackRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadingBox } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { formatRelativeTime } from '@/lib/relative-time.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { listeningSummary } from '../model/listening-summary.ts'
import { YearInReview } from './YearInReview.tsx'
import { formatNumber, formatTimeUnit } from '@/lib/format.ts'

/** /config/stats: the user's own listening — totals, the last seven days, recent sessions, the year in review. */
export function ListeningStatsPage() {
  const { t } = useTranslation()
  const api = useApiClient()
  const query = useQuery({
    queryKey: ['me', 'listening-stats'],
    queryFn: ({ signal }) => api.call(playbackRoutes.myListeningStats, { signal }),
  })
  // One "now" for the page's life: the chart and the relative times agree.
  const [now] = useState(() => new Date())
  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError)
    return <p className="text-error">{errorMessage(query.error, t, 'ToastFailedToLoadData')}</p>
  const stats = query.data
  const s = listeningSummary(stats, now)
  const weekday = new Intl.DateTimeFormat(dateLocale(), { weekday: 'short' })
  const tiles: [string, number][] = [
    [t('LabelStatsItemsListened'), s.itemsListened],
    [t('LabelStatsDaysListened'), s.daysListened],
    [t('LabelStatsMinutesListening'), s.totalMinutes],
    [t('LabelStatsMinutesToday'), s.todayMinutes],
  ]

  return (
    <div className="max-w-4xl" data-testid="listening-stats">
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderYourStats')}</h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-border bg-surface p-4">
            <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid="stats-tile">
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-8">
        <h2 className="text-lg font-semibold">{t('HeaderStatsMinutesListeningChart')}</h2>
        <ol className="mt-4 flex h-40 items-end gap-3" aria-label={t('HeaderStatsMinutesListeningChart')}>
          {s.lastSevenDays.map((day) => (
            <li
              key={day.date}
              className="flex h-full flex-1 flex-col items-center justify-end gap-1"
              data-testid="stats-day"
            >
              <span className="text-xs text-muted tabular-nums">{formatNumber(day.minutes)}</span>
              <span
                className="w-full rounded-t bg-primary/80"
                style={{ height: `${Math.max(2, (day.minutes / s.maxMinutes) * 100)}%` }}
                title={formatTimeUnit(day.minutes, 'minute', 'long')}
              />
              <span className="text-xs text-muted">{weekday.format(new Date(`${day.date}T12:00:00`))}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-8">
        <h2 className="text-lg font-semibold">{t('HeaderStatsRecentSessions')}</h2>
        {stats.recentSessions.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('MessageNoListeningSessions')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-2xl border border-border bg-surface">
            {stats.recentSessions.map((session) => (
              <li key={session.id} className="flex items-center gap-4 px-4 py-3" data-testid="stats-session">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/item/${session.libraryItemId}`}
                    className="block truncate font-medium hover:underline"
                  >
                    {session.displayTitle || t('LabelNoTitle')}
                  </Link>
                  {session.displayAuthor && (
                    <p className="truncate text-sm text-muted">{session.displayAuthor}</p>
                  )}
                </div>
                <span className="font-mono text-sm tabular-nums">
                  {secondsToTimestamp(session.timeListening)}
                </span>
                <span className="w-28 text-end text-xs text-muted">
                  {formatRelativeTime(session.updatedAt, now.getTime(), dateLocale())}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <YearInReview />
    </div>
  )
}
