import { dateLocale } from '@/lib/i18n/index.ts'
import { formatPercent } from '@/lib/format.ts'
import type { Task, ToolLogLine } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, ProgressBar, cn } from '@/components/ui/index.ts'
import { taskText } from '@/features/tasks/index.ts'
import type { ToolRun } from '../hooks.ts'

/** The run's failure in words (a key with its subs when the server sent one). */
function useTaskError(task: Task): string {
  const { t } = useTranslation()
  return taskText(t, task.errorKey, task.errorSubs, task.error ?? task.errorKey) ?? t('ToastUnknownError')
}

/** Progress while running, then the outcome: a link to the item on success, the task's error on failure. */
export function RunStatus({ itemId, run, successKey }: { itemId: string; run: ToolRun; successKey: string }) {
  const { t } = useTranslation()
  const { task } = run
  if (!task) return null
  if (!task.isFinished) {
    const percent = Math.round(task.progress ?? 0)
    return (
      <div className="mt-4 flex items-center gap-3" data-testid="tool-run-progress">
        <ProgressBar
          value={percent / 100}
          label={t('LabelProgress')}
          className="h-2 flex-1 rounded-full bg-surface-raised"
        />
        <span className="text-sm text-muted tabular-nums">{formatPercent(percent / 100)}</span>
      </div>
    )
  }
  return <Outcome itemId={itemId} task={task} successKey={successKey} />
}

function Outcome({ itemId, task, successKey }: { itemId: string; task: Task; successKey: string }) {
  const { t } = useTranslation()
  const error = useTaskError(task)
  if (task.isFailed)
    return (
      <div className="mt-4" data-testid="tool-run-failed">
        <Alert tone="error">{error}</Alert>
      </div>
    )
  // Canceled runs finish without failing, with the canceled message as their error.
  if (task.error || task.errorKey)
    return (
      <p className="mt-4 text-sm text-warning" data-testid="tool-run-canceled">
        {error}
      </p>
    )
  return (
    <p className="mt-4 text-sm" data-testid="tool-run-succeeded">
      <span className="font-semibold text-success">{t(successKey)}</span>{' '}
      <Link to={`/item/${itemId}`} className="font-semibold text-primary underline">
        {t('ButtonGoToItem')}
      </Link>
    </p>
  )
}

const levelLook: Record<ToolLogLine['level'], string> = {
  info: 'text-muted',
  warn: 'text-warning',
  error: 'text-error',
}

/** The lines of the item's latest run, newest last (re-read every few seconds while it runs). */
export function RunLog({ run }: { run: ToolRun }) {
  const { t } = useTranslation()
  // The log is the item's latest run of any tool: shown under the tool that ran.
  const lines = run.log.data?.task?.action === run.action ? run.log.data.lines : []
  if (lines.length === 0) return null
  return (
    <section className="mt-6" aria-labelledby="tool-log-heading">
      <h2 id="tool-log-heading" className="mb-2 text-lg font-semibold">
        {t('HeaderToolLog')}
      </h2>
      <ol
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region: focusable so keyboards can scroll it
        tabIndex={0}
        aria-label={t('HeaderToolLog')}
        className="max-h-72 overflow-y-auto rounded-xl border border-border bg-surface p-3 font-mono text-xs"
        data-testid="tool-log"
      >
        {lines.map((line, index) => (
          <li key={index} className={cn('break-words', levelLook[line.level])}>
            <time className="me-2 opacity-70">
              {new Date(line.timestamp).toLocaleTimeString(dateLocale())}
            </time>
            {line.message}
          </li>
        ))}
      </ol>
    </section>
  )
}
