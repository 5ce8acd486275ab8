import { formatPercent } from '@/lib/format.ts'
import type { Task } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, Popover, ProgressBar, Spinner, cn, usePopoverClose } from '@/components/ui/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useSocketClient } from '@/lib/socket/index.ts'
import { useInitialTasks } from '../api.ts'
import {
  canCancel,
  hasFinishedVisible,
  hasUnseenSuccess,
  taskText,
  taskLink,
  taskStatus,
  visibleTasks,
  type TaskStatus,
} from '../model/task-rules.ts'
import { useTaskStore } from '../store.ts'
import { useToolEventsStore } from '../tool-events.ts'

/** How often the widget re-checks which finished tasks are still within their 60 s. */
const TICK_MS = 5000

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [active])
  return now
}

/** The app bar's task widget: a spinner while work runs, a dot for an unseen success, and the task cards. */
export function TaskWidget() {
  const { t } = useTranslation()
  useInitialTasks()
  const tasks = useTaskStore((s) => s.tasks)
  const seenAt = useTaskStore((s) => s.seenAt)
  const markSeen = useTaskStore((s) => s.markSeen)
  const now = useNow(hasFinishedVisible(tasks))
  // `now` lags by up to a tick: a finished task may show a few seconds longer, never shorter.
  const visible = visibleTasks(tasks, now)
  const running = visible.filter((task) => !task.isFinished).length
  const unseen = hasUnseenSuccess(visible, seenAt)

  return (
    <Popover
      label={t('LabelTasks')}
      testId="task-widget"
      align="end"
      onOpen={() => markSeen(Date.now())}
      buttonClassName="relative size-10 justify-center border-transparent bg-transparent px-0 text-muted hover:bg-surface-raised hover:text-fg"
      buttonContent={
        <>
          {running > 0 ? <Spinner className="text-primary" /> : <Icon name="bell" />}
          {running > 0 && (
            <span
              className="absolute -top-0.5 -end-0.5 min-w-4 rounded-full bg-primary px-1 text-[0.6rem] leading-4 font-bold text-primary-fg"
              data-testid="tasks-running"
            >
              {running}
            </span>
          )}
          {running === 0 && unseen && (
            <span
              className="absolute top-1.5 end-1.5 size-2 rounded-full bg-success"
              data-testid="tasks-unseen"
            />
          )}
        </>
      }
      panelClassName="w-80 max-h-[70vh] overflow-y-auto"
    >
      <TaskList tasks={visible} />
    </Popover>
  )
}

function TaskList({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation()
  const queued = useToolEventsStore((s) => Object.keys(s.embedQueue).length)
  const queueLine = queued > 0 && (
    <p className="px-3 py-2 text-xs text-muted" data-testid="tasks-embed-queue">
      {t('MessageEmbedQueue', { 0: String(queued) })}
    </p>
  )
  if (tasks.length === 0)
    return (
      <>
        {queueLine}
        <p className="px-3 py-4 text-center text-sm text-muted">{t('MessageNoTasks')}</p>
      </>
    )
  return (
    <>
      {queueLine}
      <ul className="flex flex-col gap-1 p-1" data-testid="task-list">
        {[...tasks].reverse().map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </ul>
    </>
  )
}

const statusLook: Record<TaskStatus, { icon: 'check' | 'issues' | 'close' | null; className: string }> = {
  running: { icon: null, className: 'text-primary' },
  canceling: { icon: null, className: 'text-warning' },
  failed: { icon: 'issues', className: 'text-error' },
  canceled: { icon: 'close', className: 'text-warning' },
  succeeded: { icon: 'check', className: 'text-success' },
}

export function TaskCard({ task }: { task: Task }) {
  const { t } = useTranslation()
  const close = usePopoverClose()
  const socket = useSocketClient()
  const userType = useSessionStore((s) => s.user?.type)
  const canceling = useTaskStore((s) => !!s.canceling[task.id])
  const markCanceling = useTaskStore((s) => s.markCanceling)
  const status = taskStatus(task, canceling)
  const look = statusLook[status]
  const title = taskText(t, task.titleKey, task.titleSubs, task.title)
  const detail =
    status === 'failed'
      ? taskText(t, task.errorKey, task.errorSubs, task.error)
      : status === 'canceled'
        ? t('MessageTaskCanceledByUser')
        : taskText(t, task.descriptionKey, task.descriptionSubs, task.description)
  const link = taskLink(task)
  const admin = userType ? isAdminOrUp(userType) : false

  return (
    <div className="rounded-lg bg-surface px-3 py-2.5" data-testid="task-card" data-status={status}>
      <div className="flex items-start gap-2.5">
        <span className={cn('mt-0.5', look.className)}>
          {look.icon ? <Icon name={look.icon} className="size-4" /> : <Spinner className="[&_svg]:size-4" />}
        </span>
        <div className="min-w-0 flex-1">
          {link ? (
            <Link to={link} onClick={close} className="block truncate text-sm font-semibold hover:underline">
              {title}
            </Link>
          ) : (
            <p className="truncate text-sm font-semibold">{title}</p>
          )}
          {status === 'canceling' ? (
            <p className="text-xs text-warning">{t('MessageCanceling')}</p>
          ) : (
            detail && (
              <p className={cn('text-xs', status === 'failed' ? 'text-error' : 'text-muted')}>{detail}</p>
            )
          )}
        </div>
        {canCancel(task, admin) && !canceling && (
          <button
            type="button"
            onClick={() => {
              markCanceling(task.id)
              socket?.emit('cancel_scan', task.data.libraryId ?? '')
            }}
            className="rounded-md px-2 py-0.5 text-xs font-semibold text-error hover:bg-error/10"
          >
            {t('ButtonCancel')}
          </button>
        )}
      </div>
      {!task.isFinished && task.progress !== null && (
        <div className="mt-2 flex items-center gap-2">
          <ProgressBar
            value={task.progress / 100}
            label={t('LabelProgress')}
            className="h-1.5 flex-1 rounded-full bg-surface-raised"
          />
          <span className="text-xs text-muted tabular-nums">{formatPercent(task.progress / 100)}</span>
        </div>
      )}
    </div>
  )
}
