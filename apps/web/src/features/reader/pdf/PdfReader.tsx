import { useEffect, useEffectEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, LoadingBox } from '@/components/ui/index.ts'
import type { ReaderBodyProps } from '../reader-body.ts'
import { openPdf, preparePdfJs, problemOf, type PdfHandle, type PdfProblem } from './pdf-engine.ts'
import { PdfDocumentView } from './PdfDocumentView.tsx'

// This module is fetched only to show a PDF: start fetching pdf.js and its worker now, while React is still
// revealing the body (Suspense), rather than from the body's first effect.
void preparePdfJs().catch(() => undefined)

/** Locale keys of the messages shown (and handed to the overlay's onError) when a book cannot be opened. */
export const PROBLEM_MESSAGE_KEYS: Record<PdfProblem, string> = {
  password: 'MessagePdfPassword',
  empty: 'MessagePdfEmpty',
  damaged: 'MessagePdfDamaged',
  unavailable: 'MessagePdfUnavailable',
}

type OpenState =
  { status: 'loading' } | { status: 'ready'; handle: PdfHandle } | { status: 'error'; problem: PdfProblem }

/** The outcome of one opening: which book and which attempt it belongs to. */
type Outcome = (OpenState & { status: 'ready' | 'error' }) & { of: string }

/**
 * The PDF body of the reader (pdf.js): opens the book by byte ranges, then shows one page at a time with
 * its text layer. Always on a dark backdrop (spec §2: the overlay is dark for every non-EPUB type).
 */
export function PdfReader(props: ReaderBodyProps) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [attempt, setAttempt] = useState(0)
  const { bookPath } = props
  const opening = `${attempt}:${bookPath}`
  const opened: OpenState = outcome?.of === opening ? outcome : { status: 'loading' }

  // The page last shown: where a reopening (Try again after the book became unavailable) resumes.
  const [shownLocation, setShownLocation] = useState<string | null>(null)

  // The overlay's callbacks may change identity on each render; opening must not restart for that.
  const authHeaders = useEffectEvent(() => props.authHeaders())
  const fetchBook = useEffectEvent((signal: AbortSignal) => props.fetchBook(signal))
  const refreshAuth = useEffectEvent(async () => props.refreshAuth?.())
  const failed = useEffectEvent((problem: PdfProblem) => {
    setOutcome({ of: opening, status: 'error', problem })
    props.onError?.(t(PROBLEM_MESSAGE_KEYS[problem]))
  })
  useEffect(() => {
    const controller = new AbortController()
    let handle: PdfHandle | null = null
    openPdf({
      url: bookPath,
      headers: () => authHeaders(),
      fetchBook: (signal) => fetchBook(signal),
      refreshAuth: () => refreshAuth(),
      signal: controller.signal,
      onLost: () => failed('unavailable'),
    }).then(
      (doc) => {
        if (controller.signal.aborted) return void doc.destroy()
        handle = doc
        setOutcome({ of: opening, status: 'ready', handle: doc })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) failed(problemOf(error))
      },
    )
    return () => {
      controller.abort()
      void handle?.destroy()
    }
  }, [bookPath, opening])

  return (
    <div data-theme="dark" className="flex h-full min-h-0 w-full flex-col bg-bg text-fg">
      {opened.status === 'loading' && <LoadingBox message={t('MessageLoading')} className="flex-1" />}
      {opened.status === 'error' && (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <Icon name="issues" className="size-10 text-warning" />
          <p role="alert" className="max-w-md text-base">
            {t(PROBLEM_MESSAGE_KEYS[opened.problem])}
          </p>
          {opened.problem === 'unavailable' && (
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('ButtonRetry')}
            </Button>
          )}
        </div>
      )}
      {opened.status === 'ready' && (
        <PdfDocumentView
          handle={opened.handle}
          initialLocation={shownLocation ?? props.initialLocation}
          onRelocate={(location, progress, atEnd) => {
            setShownLocation(location)
            props.onRelocate(location, progress, atEnd)
          }}
          navigationRef={props.navigationRef}
        />
      )}
    </div>
  )
}
