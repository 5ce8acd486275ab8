import type { User } from '@shelfcast/contracts'
import { mayDeleteUser, mayEditUser } from '@shelfcast/contracts/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge, Button, ConfirmPrompt, Icon, QueryView, cn } from '@/components/ui/index.ts'
import { sortLibraries, useLibraries } from '@/features/libraries/index.ts'
import { accountTypeKeys } from '@/features/auth/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { formatRelativeTime } from '@/lib/relative-time.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDeleteUser, useOnlineUserIds, useUsers } from '../api.ts'
import { UserModal } from './UserModal.tsx'

const typeRank: Record<User['type'], number> = { root: 0, admin: 1, user: 2, guest: 3 }

/** /config/users: every account with its type, state, last seen time and online dot. */
export function ConfigUsersPage() {
  const { t } = useTranslation()
  useLanguage()
  const actor = useSessionStore((s) => s.user)
  const settings = useSessionStore((s) => s.serverSettings)
  const query = useUsers()
  const online = useOnlineUserIds()
  const libraries = sortLibraries(useLibraries().data ?? [])
  const remove = useDeleteUser()
  const [editing, setEditing] = useState<{ user: User | null } | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  // One "now" per render is plenty for "5 minutes ago".
  const [now] = useState(() => Date.now())

  const users = [...(query.data ?? [])].sort(
    (a, b) => typeRank[a.type] - typeRank[b.type] || a.username.localeCompare(b.username),
  )
  const canEdit = (user: User) => !!actor && mayEditUser(actor, user)
  const canDelete = (user: User) => !!actor && mayDeleteUser(actor, user)

  const lastSeen = (user: User) => {
    if (!user.lastSeen) return <span className="text-muted">{t('LabelNever')}</span>
    const exact = formatDateTime(user.lastSeen, settings, dateLocale())
    return (
      <time dateTime={new Date(user.lastSeen).toISOString()} title={exact}>
        {formatRelativeTime(user.lastSeen, Math.max(now, user.lastSeen), dateLocale())}
      </time>
    )
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting, {
      onSuccess: () => toast.success(t('ToastUserDeleteSuccess', { username: deleting.username })),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastUserDeleteFailed')),
      onSettled: () => setDeleting(null),
    })
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('HeaderUsers')}</h1>
          <p className="mt-1 text-sm text-muted">{t('MessageUsersHelp')}</p>
        </div>
        <Button onClick={() => setEditing({ user: null })}>
          <Icon name="add" className="size-4" />
          {t('ButtonAddUser')}
        </Button>
      </div>

      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        <div className="relative mt-6 overflow-x-auto rounded-2xl border border-border bg-surface">
          <table data-testid="users-table" className="w-full min-w-[36rem] text-start text-sm">
            <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelUsername')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelAccountType')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelStatus')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('LabelLastSeen')}
                </th>
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  <span className="sr-only">{t('LabelActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {users.map((user) => {
                const isOnline = online.has(user.id)
                return (
                  <tr key={user.id} data-testid="user-row" data-username={user.username}>
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-2.5">
                        <span
                          className={cn(
                            'size-2.5 shrink-0 rounded-full',
                            isOnline ? 'bg-success' : 'border border-border bg-transparent',
                          )}
                          title={isOnline ? t('LabelOnline') : t('LabelOffline')}
                          data-testid="online-dot"
                          data-online={isOnline}
                        />
                        <span className="sr-only">{isOnline ? t('LabelOnline') : t('LabelOffline')}</span>
                        <span className="font-medium">{user.username}</span>
                        {user.id === actor?.id && <Badge tone="muted">{t('LabelYou')}</Badge>}
                      </div>
                    </td>
                    <td className="px-4 py-3">{t(accountTypeKeys[user.type])}</td>
                    <td className="px-4 py-3">
                      {user.isActive ? (
                        <span className="inline-flex items-center gap-1 text-success">
                          <Icon name="check" className="size-4" />
                          {t('LabelActive')}
                        </span>
                      ) : (
                        <span className="text-muted">{t('LabelInactive')}</span>
                      )}
                    </td>
                    <td className="px-4 py-3">{lastSeen(user)}</td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-0.5">
                        <Link
                          to={`/config/users/${user.id}/sessions`}
                          aria-label={t('ButtonUserSessions', { username: user.username })}
                          title={t('HeaderListeningSessions')}
                          data-testid="user-sessions-link"
                          className="rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-fg"
                        >
                          <Icon name="headphones" className="size-4.5" />
                        </Link>
                        {canEdit(user) && (
                          <button
                            type="button"
                            onClick={() => setEditing({ user })}
                            aria-label={t('ButtonEditUser', { username: user.username })}
                            title={t('ButtonEdit')}
                            className="rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-fg"
                          >
                            <Icon name="edit" className="size-4.5" />
                          </button>
                        )}
                        {canDelete(user) && (
                          <button
                            type="button"
                            onClick={() => setDeleting(user)}
                            aria-label={t('ButtonDeleteUser', { username: user.username })}
                            title={t('ButtonDelete')}
                            className="rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-error"
                          >
                            <Icon name="trash" className="size-4.5" />
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </QueryView>

      {editing && <UserModal user={editing.user} libraries={libraries} onClose={() => setEditing(null)} />}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteUser')}
        message={t('MessageConfirmDeleteUser', { username: deleting?.username ?? '' })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
