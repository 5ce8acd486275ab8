import type { SessionWithUser } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, EmptyPanel, IconButton, PageHeader, QueryView } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { formatDateTime, secondsToTimestamp } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { sessionKeys, useCloseSession, useOpenSessions } from '../api.ts'
import { deviceLabel } from '../model/session-table.ts'

/** /config/sessions/open: the sessions playing now, kept live by `user_stream_update`; an admin may close one. */
export function OpenSessionsPage() {
  const { t } = useTranslation()
  useLanguage()
  const settings = useSessionStore((s) => s.serverSettings)
  const query = useOpenSessions()
  const close = useCloseSession()
  const queryClient = useQueryClient()

  // Any session opening, moving or closing refetches the list (the event carries only the latest per user).
  useEffect(
    () =>
      socketEvents.register('user_stream_update', () => {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.open() })
      }),
    [queryClient],
  )

  const closeSession = (session: SessionWithUser) =>
    close.mutate(session.id, {
      onSuccess: () => toast.success(t('ToastSessionClosed')),
      // Spec §8: "Failed to close session".
      onError: () => toast.error(t('ToastSessionCloseFailed')),
    })

  const sessions = query.data ?? []
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('HeaderOpenListeningSessions')} />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {sessions.length === 0 ? (
          <EmptyPanel icon="headphones">{t('MessageNoOpenSessions')}</EmptyPanel>
        ) : (
          <DataTable
            testId="open-sessions-table"
            columns={[
              t('LabelItem'),
              t('LabelUser'),
              t('LabelDevice'),
              t('LabelCurrentTime'),
              t('LabelLastUpdate'),
            ]}
            actionsLabel={t('LabelActions')}
          >
            {sessions.map((session) => {
              const username = session.user?.username ?? t('LabelDeletedUser')
              return (
                <tr key={session.id} data-testid="open-session-row" data-session-id={session.id}>
                  <td className="px-4 py-3">
                    <span className="block font-medium">{session.displayTitle}</span>
                    <span className="block text-xs text-muted">{session.displayAuthor}</span>
                  </td>
                  <td className="px-4 py-3">{username}</td>
                  <td className="px-4 py-3 text-muted">{deviceLabel(session.deviceInfo)}</td>
                  <td className="px-4 py-3 tabular-nums">{secondsToTimestamp(session.currentTime)}</td>
                  <td className="px-4 py-3">{formatDateTime(session.updatedAt, settings, dateLocale())}</td>
                  <td className="px-2 py-3 sm:px-4">
                    <div className="flex justify-end">
                      <IconButton
                        icon="close"
                        tone="danger"
                        label={t('ButtonCloseSessionOf', { user: username, title: session.displayTitle })}
                        title={t('ButtonCloseSession')}
                        disabled={close.isPending && close.variables === session.id}
                        onClick={() => closeSession(session)}
                        data-testid="open-session-close"
                      />
                    </div>
                  </td>
                </tr>
              )
            })}
          </DataTable>
        )}
      </QueryView>
    </div>
  )
}
