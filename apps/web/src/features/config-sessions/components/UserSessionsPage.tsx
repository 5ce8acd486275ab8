import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DataTable, EmptyPanel, Icon, PageHeader, QueryView } from '@/components/ui/index.ts'
import { listeningSummary } from '@/features/stats/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime, secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserAccount, useUserListeningStats, useUserSessionsPage } from '../api.ts'
import { deviceLabel } from '../model/session-table.ts'
import { SessionsPager } from './SessionsPager.tsx'

const ITEMS_PER_PAGE = 10

/** /config/users/:id/sessions: one user's listening totals and their sessions, a page at a time. */
export function UserSessionsPage() {
  const { t } = useTranslation()
  useLanguage()
  const userId = useParams().id ?? ''
  const settings = useSessionStore((s) => s.serverSettings)
  const [page, setPage] = useState(0)
  const [now] = useState(() => new Date())
  const account = useUserAccount(userId)
  const stats = useUserListeningStats(userId)
  const sessions = useUserSessionsPage(userId, page, ITEMS_PER_PAGE)
  const numPages = Math.max(1, sessions.data?.numPages ?? 1)
  const summary = stats.data ? listeningSummary(stats.data, now) : null

  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/config/users"
        className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted hover:text-fg"
      >
        <Icon name="chevronLeft" className="size-4" />
        {t('HeaderUsers')}
      </Link>
      <PageHeader title={t('HeaderUserSessions', { username: account.data?.username ?? '' })} />

      {summary && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="user-stats">
          {(
            [
              ['LabelStatsItemsListened', summary.itemsListened],
              ['LabelStatsDaysListened', summary.daysListened],
              ['LabelStatsMinutesListening', summary.totalMinutes],
              ['LabelStatsMinutesToday', summary.todayMinutes],
            ] as const
          ).map(([labelKey, value]) => (
            <div key={labelKey} className="rounded-2xl border border-border bg-surface p-4">
              <dt className="text-xs text-muted">{t(labelKey)}</dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      <QueryView
        pending={sessions.isPending}
        error={sessions.isError ? errorMessage(sessions.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {(sessions.data?.sessions.length ?? 0) === 0 ? (
          <EmptyPanel icon="headphones">{t('MessageNoListeningSessions')}</EmptyPanel>
        ) : (
          <>
            <DataTable
              testId="user-sessions-table"
              columns={[t('LabelItem'), t('LabelDevice'), t('LabelTimeListened'), t('LabelLastUpdate')]}
              actionsLabel={t('LabelActions')}
            >
              {sessions.data?.sessions.map((session) => (
                <tr key={session.id} data-testid="user-session-row">
                  <td className="px-4 py-3">
                    <span className="block font-medium">{session.displayTitle}</span>
                    <span className="block text-xs text-muted">{session.displayAuthor}</span>
                  </td>
                  <td className="px-4 py-3 text-muted">{deviceLabel(session.deviceInfo)}</td>
                  <td className="px-4 py-3 tabular-nums">{secondsToTimestamp(session.timeListening)}</td>
                  <td className="px-4 py-3">{formatDateTime(session.updatedAt, settings, dateLocale())}</td>
                  <td />
                </tr>
              ))}
            </DataTable>
            <SessionsPager page={page} numPages={numPages} onPage={setPage} testId="user-sessions" />
          </>
        )}
      </QueryView>
    </div>
  )
}
