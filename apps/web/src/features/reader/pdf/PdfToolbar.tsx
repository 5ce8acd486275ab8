import { formatPercent } from '@/lib/format.ts'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn, Glyph, IconButton, Tooltip } from '@/components/ui/index.ts'
import { requestedPage, type PdfFit } from './pdf-view.ts'

export interface PdfToolbarProps {
  page: number
  numPages: number
  onPage(page: number): void
  /** The scale shown now (1 = 100 %), whatever fit produced it. */
  scale: number
  fit: PdfFit
  onZoom(direction: 1 | -1): void
  onFit(fit: 'width' | 'page'): void
  searchOpen: boolean
  onSearchOpenChange(open: boolean): void
}

// Compact on phones (32 px targets) so the whole bar fits in 375 px; roomier from the sm breakpoint.
const compact = 'p-1.5 sm:p-2'

/** The PDF body's bottom bar: page turns, page number, zoom, fits and the search toggle. */
export function PdfToolbar(props: PdfToolbarProps) {
  const { t } = useTranslation()
  const { page, numPages, onPage, scale, fit } = props
  return (
    <div
      role="toolbar"
      aria-label={t('LabelPdfToolbar')}
      // A click on a button leaves focus where it was (the reader), so the arrow keys keep turning pages: the
      // overlay ignores them while a button has focus (spec §9). Tab still reaches every button.
      onMouseDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button')) event.preventDefault()
      }}
      className="flex shrink-0 flex-wrap items-center justify-center gap-x-0.5 border-t border-border bg-surface px-1 py-1 text-fg sm:gap-x-2 sm:px-3"
    >
      <IconButton
        icon="chevronLeft"
        label={t('ButtonPrevPage')}
        className={compact}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <PageField page={page} numPages={numPages} onPage={onPage} />
      <IconButton
        icon="chevronRight"
        label={t('ButtonNextPage')}
        className={compact}
        disabled={page >= numPages}
        onClick={() => onPage(page + 1)}
      />
      <span className="mx-1 hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
      <IconButton
        icon="zoomOut"
        label={t('ButtonPdfZoomOut')}
        className={compact}
        onClick={() => props.onZoom(-1)}
      />
      <output
        aria-label={t('LabelPdfZoom')}
        className="hidden w-12 text-center text-sm tabular-nums sm:inline"
      >
        {formatPercent(scale)}
      </output>
      <IconButton
        icon="zoomIn"
        label={t('ButtonPdfZoomIn')}
        className={compact}
        onClick={() => props.onZoom(1)}
      />
      <FitButton
        label={t('ButtonPdfFitWidth')}
        pressed={fit === 'width'}
        onClick={() => props.onFit('width')}
      >
        <path d="M3 12h18M6 9l-3 3 3 3M18 9l3 3-3 3" />
        <path d="M3 4v16M21 4v16" />
      </FitButton>
      <FitButton label={t('ButtonPdfFitPage')} pressed={fit === 'page'} onClick={() => props.onFit('page')}>
        <rect x="6" y="3" width="12" height="18" rx="1" />
        <path d="M9 8h6M9 12h6M9 16h4" />
      </FitButton>
      <span className="mx-1 hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
      <IconButton
        icon="search"
        label={t('ButtonPdfSearch')}
        className={cn(compact, props.searchOpen && 'bg-surface-raised text-fg')}
        aria-expanded={props.searchOpen}
        onClick={() => props.onSearchOpenChange(!props.searchOpen)}
      />
    </div>
  )
}

/** "[ 12 ] of 500": type a page and press Enter (or leave the field) to go there. */
function PageField({
  page,
  numPages,
  onPage,
}: {
  page: number
  numPages: number
  onPage(page: number): void
}) {
  const { t } = useTranslation()
  // What is being typed, for the page it was typed on; a page turn from elsewhere shows the new page.
  const [draft, setDraft] = useState<{ page: number; text: string } | null>(null)
  const text = draft?.page === page ? draft.text : String(page)
  const setText = (value: string) => setDraft({ page, text: value })
  const commit = () => {
    const target = requestedPage(text, numPages)
    setDraft(null)
    if (target !== null && target !== page) onPage(target)
  }
  return (
    <span className="flex items-center gap-1 text-sm">
      <input
        type="text"
        inputMode="numeric"
        aria-label={t('LabelPdfPageNumber')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
          if (e.key === 'Escape') setDraft(null)
        }}
        onFocus={(e) => e.target.select()}
        style={{ width: `${String(numPages).length + 2}ch` }}
        className="rounded-md border border-border bg-bg px-1 py-1 text-center tabular-nums text-fg focus:border-primary focus:outline-none"
      />
      <span className="whitespace-nowrap text-muted">{t('LabelPdfOfPages', { pages: numPages })}</span>
    </span>
  )
}

function FitButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string
  pressed: boolean
  onClick(): void
  children: ReactNode
}) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(
          'rounded-lg text-muted transition hover:bg-surface-raised hover:text-fg',
          compact,
          pressed && 'bg-surface-raised text-fg',
        )}
      >
        <Glyph className="size-4.5">
          <>{children}</>
        </Glyph>
      </button>
    </Tooltip>
  )
}
