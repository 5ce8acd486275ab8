import type { LogEntry } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  EmptyPanel,
  PageHeader,
  QueryView,
  SelectField,
  TextField,
  cn,
} from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import {
  logKeys,
  useLogDay,
  useLogDayDownloadUrl,
  useLogDays,
  useLogListener,
  useTodaysLogs,
} from '../api.ts'
import { filterLogs, LOG_FILTER_LEVELS, logsAsText } from '../model/log-filter.ts'

const ROW_ESTIMATE_PX = 28
const OVERSCAN_ROWS = 12
/** Within this distance of the end, the list follows new lines; scrolled further up, it stays put. */
const FOLLOW_SLACK_PX = 48

const levelColour: Record<LogEntry['levelName'], string> = {
  TRACE: 'text-muted',
  DEBUG: 'text-muted',
  INFO: 'text-info',
  WARN: 'text-warning',
  ERROR: 'text-error',
  FATAL: 'text-error',
  NOTE: 'text-success',
}

/** Saves the text as a file through a temporary object URL. */
function saveText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The file name of a download of today's shown lines. */
const todaysFileName = () => `shelfcast-${new Date().toISOString().slice(0, 10)}.log.txt`

/**
 * /config/log: today's server log, live (this page's socket listens at the chosen level while it shows today),
 * or a kept older day; filtered by level and text, in a virtualised list; downloadable.
 */
export function LogsPage() {
  const { t } = useTranslation()
  useLanguage()
  const queryClient = useQueryClient()
  /** null: today, live. */
  const [day, setDay] = useState<string | null>(null)
  const [minLevel, setMinLevel] = useState(2)
  const [text, setText] = useState('')
  const deferredText = useDeferredValue(text)
  const today = useTodaysLogs()
  const older = useLogDay(day)
  const days = useLogDays()
  const token = useSessionStore((s) => s.accessToken)
  const downloadUrl = useLogDayDownloadUrl()
  useLogListener(minLevel, day === null)
  /** The lowest level streamed since today's lines were fetched: lines below it were never sent. */
  const lowestStreamed = useRef(minLevel)

  const query = day === null ? today : older
  const all = day === null ? today.data?.currentDailyLogs : older.data?.lines
  const shown = useMemo(() => filterLogs(all ?? [], minLevel, deferredText), [all, minLevel, deferredText])
  const todayName = new Date().toISOString().slice(0, 10)
  const dayOptions = [
    { value: '', label: t('LabelLogToday') },
    ...(days.data?.days ?? [])
      .filter((d) => d.day !== todayName)
      .map((d) => ({ value: d.day, label: d.day })),
  ]

  const changeLevel = (level: number) => {
    setMinLevel(level)
    if (level < lowestStreamed.current) {
      // Lines between the two levels were not streamed meanwhile: today's buffer has them all.
      lowestStreamed.current = level
      void queryClient.invalidateQueries({ queryKey: logKeys.today })
    }
  }

  const download =
    day === null ? (
      <Button
        variant="secondary"
        onClick={() => saveText(logsAsText(shown), todaysFileName())}
        disabled={shown.length === 0}
      >
        {t('ButtonDownload')}
      </Button>
    ) : (
      <a
        href={downloadUrl(day, token)}
        download={`${day}.log`}
        data-testid="log-day-download"
        className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-border bg-surface-raised px-4 text-sm font-semibold text-fg transition hover:border-muted focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none"
      >
        {t('ButtonDownload')}
      </a>
    )

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('HeaderLogs')}
        description={day === null ? t('MessageLogsHelp') : t('MessageLogDayHelp', { 0: day })}
        action={download}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_12rem_1fr]">
        <SelectField
          label={t('LabelLogDay')}
          value={day ?? ''}
          onChange={(e) => setDay(e.target.value || null)}
          options={dayOptions}
        />
        <SelectField
          label={t('LabelLogLevel')}
          value={String(minLevel)}
          onChange={(e) => changeLevel(Number(e.target.value))}
          options={LOG_FILTER_LEVELS.map((l) => ({ value: String(l.level), label: t(l.labelKey) }))}
        />
        <TextField
          label={t('LabelFilterLogs')}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('PlaceholderSearch')}
        />
      </div>
      {day !== null && older.data?.truncated && <Alert tone="info">{t('MessageLogDayTruncated')}</Alert>}
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={shown.length === 0 && <EmptyPanel icon="database">{t('MessageNoLogs')}</EmptyPanel>}
      >
        <LogList key={day ?? ''} entries={shown} label={t('HeaderLogs')} />
      </QueryView>
    </div>
  )
}

/** The lines, only those near the viewport in the DOM; it follows new lines while scrolled to the end. */
function LogList({ entries, label }: { entries: readonly LogEntry[]; label: string }) {
  const scroller = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  // The compiler leaves this component unmemoised (the virtualiser's functions change with its state): wanted.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN_ROWS,
  })

  useEffect(() => {
    if (following.current && entries.length > 0)
      virtualizer.scrollToIndex(entries.length - 1, { align: 'end' })
  }, [entries.length, virtualizer])

  const onScroll = () => {
    const el = scroller.current
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region: focusable so keyboards can scroll it
      tabIndex={0}
      role="region"
      aria-label={label}
      className="h-[60vh] min-h-64 overflow-auto rounded-lg border border-border bg-surface font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
    >
      <ol className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const e = entries[row.index]
          if (!e) return null
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              data-testid="log-line"
              className="absolute top-0 start-0 flex w-full flex-wrap gap-x-2 border-b border-border/40 px-3 py-1"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <time className="shrink-0 text-muted" dateTime={e.timestamp}>
                {e.timestamp.slice(11, 23)}
              </time>
              <span className={cn('w-12 shrink-0 font-semibold', levelColour[e.levelName])}>
                {e.levelName}
              </span>
              {e.source && <span className="shrink-0 text-muted">{e.source}</span>}
              <span dir="auto" className="min-w-0 flex-1 break-words whitespace-pre-wrap text-fg">
                {e.message}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
