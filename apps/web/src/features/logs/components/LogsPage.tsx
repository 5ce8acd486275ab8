import type { LogEntry } from '@shelfcast/contracts'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
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
import { useTodaysLogs } from '../api.ts'
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

/** /config/log: today's server log, live, filtered by level and text, in a virtualised list; downloadable. */
export function LogsPage() {
  const { t } = useTranslation()
  useLanguage()
  const query = useTodaysLogs()
  const [minLevel, setMinLevel] = useState(2)
  const [text, setText] = useState('')
  const deferredText = useDeferredValue(text)
  const all = query.data?.currentDailyLogs
  const shown = useMemo(() => filterLogs(all ?? [], minLevel, deferredText), [all, minLevel, deferredText])

  const download = () =>
    saveText(logsAsText(shown), `shelfcast-${new Date().toISOString().slice(0, 10)}.log.txt`)

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('HeaderLogs')}
        description={t('MessageLogsHelp')}
        action={
          <Button variant="secondary" onClick={download} disabled={shown.length === 0}>
            {t('ButtonDownload')}
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_1fr]">
        <SelectField
          label={t('LabelLogLevel')}
          value={String(minLevel)}
          onChange={(e) => setMinLevel(Number(e.target.value))}
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
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={shown.length === 0 && <EmptyPanel icon="database">{t('MessageNoLogs')}</EmptyPanel>}
      >
        <LogList entries={shown} label={t('HeaderLogs')} />
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
              className="absolute top-0 left-0 flex w-full flex-wrap gap-x-2 border-b border-border/40 px-3 py-1"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <time className="shrink-0 text-muted" dateTime={e.timestamp}>
                {e.timestamp.slice(11, 23)}
              </time>
              <span className={cn('w-12 shrink-0 font-semibold', levelColour[e.levelName])}>
                {e.levelName}
              </span>
              {e.source && <span className="shrink-0 text-muted">{e.source}</span>}
              <span className="min-w-0 flex-1 break-words whitespace-pre-wrap text-fg">{e.message}</span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
