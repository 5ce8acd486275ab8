import type { SessionSortKey, SessionWithUser } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Checkbox,
  ConfirmPrompt,
  DataTable,
  EmptyPanel,
  Icon,
  IconButton,
  PageHeader,
  QueryView,
  SelectField,
} from '@/components/ui/index.ts'
import { useUsers } from '@/features/config-users/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime, secondsToTimestamp } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDeleteSessions, useSessionsPage } from '../api.ts'
import { nextSort, toggleAll, toggleOne } from '../model/session-table.ts'
import { SessionsPager } from './SessionsPager.tsx'

const ITEMS_PER_PAGE = 10

/** /config/sessions: every user's listening sessions, filtered by user, sorted, paged; delete one or many. */
export function ListeningSessionsPage() {
  const { t } = useTranslation()
  useLanguage()
  const settings = useSessionStore((s) => s.serverSettings)
  const users = useUsers()
  const [user, setUser] = useState<string | null>(null)
  const [order, setOrder] = useState<{ sort: SessionSortKey; desc: boolean }>({
    sort: 'updatedAt',
    desc: true,
  })
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirm, setConfirm] = useState<readonly string[] | null>(null)
  const query = useSessionsPage({ user, ...order, page, itemsPerPage: ITEMS_PER_PAGE })
  const remove = useDeleteSessions()

  const sessions = query.data?.sessions ?? []
  const numPages = Math.max(1, query.data?.numPages ?? 1)
  const when = (ms: number) => formatDateTime(ms, settings, dateLocale())

  const filterBy = (value: string) => {
    setUser(value === '' ? null : value)
    setPage(0)
    setSelected(new Set())
  }
  const sortBy = (key: SessionSortKey) => {
    setOrder((current) => nextSort(current, key))
    setPage(0)
  }

  const deleteConfirmed = () => {
    if (!confirm) return
    const ids = confirm
    remove.mutate(ids, {
      onSuccess: () => {
        toast.success(t('ToastSessionsDeleted', { count: ids.length }))
        setSelected((s) => {
          const next = new Set(s)
          for (const id of ids) next.delete(id)
          return next
        })
        // The last rows of the last page went: show the page before it.
        if (ids.length >= sessions.length && page > 0) setPage(page - 1)
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastDeleteFailed')),
      onSettled: () => setConfirm(null),
    })
  }

  const heading = (key: SessionSortKey, labelKey: string) => {
    const active = order.sort === key
    return (
      <button
        type="button"
        onClick={() => sortBy(key)}
        data-testid={`sessions-sort-${key}`}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-fg"
      >
        {t(labelKey)}
        {active && (
          <>
            <Icon name={order.desc ? 'arrowDown' : 'arrowUp'} className="size-3.5" />
            <span className="sr-only">{t(order.desc ? 'LabelSortDescending' : 'LabelSortAscending')}</span>
          </>
        )}
      </button>
    )
  }

  const pageIds = sessions.map((s) => s.id)
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const userOptions = [
    { value: '', label: t('LabelAllUsers') },
    ...(users.data ?? []).map((u) => ({ value: u.id, label: u.username })),
  ]

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('HeaderListeningSessions')} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('LabelFilterByUser')}
          options={userOptions}
          value={user ?? ''}
          onChange={(e) => filterBy(e.target.value)}
          className="w-full sm:w-60"
          data-testid="sessions-user-filter"
        />
        {selected.size > 0 && (
          <Button
            variant="danger"
            onClick={() => setConfirm([...selected])}
            data-testid="sessions-delete-selected"
          >
            <Icon name="trash" className="size-4" />
            {t('ButtonDeleteSelected', { count: selected.size })}
          </Button>
        )}
      </div>

      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {sessions.length === 0 ? (
          <EmptyPanel icon="headphones">{t('MessageNoListeningSessions')}</EmptyPanel>
        ) : (
          <>
            <DataTable
              testId="sessions-table"
              columns={[
                <Checkbox
                  key="all"
                  checked={allOnPage}
                  onChange={() => setSelected((s) => toggleAll(s, pageIds))}
                  label={<span className="sr-only">{t('LabelSelectAll')}</span>}
                />,
                heading('displayTitle', 'LabelItem'),
                t('LabelUser'),
                heading('timeListening', 'LabelTimeListened'),
                heading('updatedAt', 'LabelLastUpdate'),
              ]}
              actionsLabel={t('LabelActions')}
            >
              {sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  updated={when(session.updatedAt)}
                  selected={selected.has(session.id)}
                  onToggle={() => setSelected((s) => toggleOne(s, session.id))}
                  onDelete={() => setConfirm([session.id])}
                />
              ))}
            </DataTable>
            <SessionsPager page={page} numPages={numPages} onPage={setPage} testId="sessions" />
          </>
        )}
      </QueryView>

      <ConfirmPrompt
        open={confirm !== null}
        title={t('ButtonDelete')}
        message={t('MessageConfirmDeleteSessions', { count: confirm?.length ?? 0 })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={deleteConfirmed}
        onCancel={() => setConfirm(null)}
        testId="sessions-confirm"
      />
    </div>
  )
}

function SessionRow({
  session,
  updated,
  selected,
  onToggle,
  onDelete,
}: {
  session: SessionWithUser
  updated: string
  selected: boolean
  onToggle: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <tr data-testid="session-row" data-session-id={session.id}>
      <td className="px-4 py-3">
        <Checkbox
          checked={selected}
          onChange={onToggle}
          label={<span className="sr-only">{t('LabelSelectItem', { title: session.displayTitle })}</span>}
        />
      </td>
      <td className="px-4 py-3">
        <span className="block font-medium">{session.displayTitle}</span>
        <span className="block text-xs text-muted">{session.displayAuthor}</span>
      </td>
      <td className="px-4 py-3">{session.user?.username ?? t('LabelDeletedUser')}</td>
      <td className="px-4 py-3 tabular-nums">{secondsToTimestamp(session.timeListening)}</td>
      <td className="px-4 py-3">
        <time dateTime={new Date(session.updatedAt).toISOString()}>{updated}</time>
      </td>
      <td className="px-2 py-3 sm:px-4">
        <div className="flex justify-end">
          <IconButton
            icon="trash"
            tone="danger"
            label={`${t('ButtonDelete')} ${session.displayTitle}`}
            title={t('ButtonDelete')}
            onClick={onDelete}
            data-testid="session-delete"
          />
        </div>
      </td>
    </tr>
  )
}
