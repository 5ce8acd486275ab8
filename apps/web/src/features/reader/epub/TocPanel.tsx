import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '@/components/ui/Icon.tsx'
import { Spinner } from '@/components/ui/Spinner.tsx'
import type { SearchChapter, TocEntry } from './frame-protocol.ts'

/** Spec §5: the reader's search needs more than one character. */
export const MIN_SEARCH_LENGTH = 2

export interface TocPanelProps {
  open: boolean
  onClose(): void
  toc: TocEntry[]
  /** Results of the running or last search; null when not searching. */
  search: { chapters: SearchChapter[]; done: boolean } | null
  onSearch(query: string): void
  onClearSearch(): void
  /** A chapter's href or a hit's CFI. */
  onNavigate(target: string): void
}

function Chapters({
  items,
  onNavigate,
  depth,
}: {
  items: TocEntry[]
  onNavigate(href: string): void
  depth: number
}) {
  return (
    <ul className={depth > 0 ? 'ms-4 border-s border-border ps-2' : undefined}>
      {items.map((item, i) => (
        <li key={`${item.href}-${i}`}>
          <button
            type="button"
            className="w-full truncate rounded px-2 py-1.5 text-start text-sm hover:bg-surface-raised focus-visible:bg-surface-raised"
            onClick={() => onNavigate(item.href)}
            disabled={!item.href}
          >
            {item.label || item.href}
          </button>
          {item.subitems.length > 0 && (
            <Chapters items={item.subitems} onNavigate={onNavigate} depth={depth + 1} />
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * Spec §2: the table of contents, a left panel (24rem, the whole width on phones) over a dimmed backdrop, with
 * a search box: searching lists the chapters with hits and an excerpt link per hit.
 */
export function TocPanel({ open, onClose, toc, search, onSearch, onClearSearch, onNavigate }: TocPanelProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const panelRef = useRef<HTMLDivElement>(null)
  const searching = search !== null

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('input, button')?.focus()
  }, [open])
  useEffect(() => {
    const panel = panelRef.current
    if (!open || !panel) return
    // Escape closes the panel only, not the reader; arrows stay with the text field and the list.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onClose()
      }
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.stopPropagation()
    }
    panel.addEventListener('keydown', onKeyDown)
    return () => panel.removeEventListener('keydown', onKeyDown)
  }, [open, onClose])

  if (!open) return null

  const onQueryChange = (value: string) => {
    setQuery(value)
    if (value.trim().length < MIN_SEARCH_LENGTH && searching) onClearSearch()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (query.trim().length >= MIN_SEARCH_LENGTH) onSearch(query.trim())
    else onClearSearch()
  }

  const hitCount = search?.chapters.reduce((n, c) => n + c.hits.length, 0) ?? 0
  return (
    <div className="absolute inset-0 z-40">
      <div
        className="absolute inset-0 bg-black/60"
        aria-hidden="true"
        onClick={onClose}
        data-testid="toc-backdrop"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={t('HeaderTableOfContents')}
        className="absolute inset-y-0 start-0 flex w-full flex-col bg-surface text-fg shadow-xl sm:w-96"
        data-testid="toc-panel"
      >
        <div className="flex items-center gap-2 border-b border-border p-3">
          <button
            type="button"
            aria-label={t('ButtonBack')}
            className="rounded-lg p-2 text-muted hover:bg-surface-raised hover:text-fg"
            onClick={onClose}
          >
            <Icon name="chevronLeft" className="size-5" />
          </button>
          <form role="search" className="flex flex-1 items-center gap-1" onSubmit={onSubmit}>
            <input
              type="search"
              value={query}
              onChange={(e) => onQueryChange(e.target.value)}
              placeholder={t('PlaceholderSearch')}
              aria-label={t('LabelSearch')}
              className="min-w-0 flex-1 rounded-lg border border-border bg-bg px-3 py-1.5 text-sm"
            />
            <button
              type="submit"
              aria-label={t('ButtonSearch')}
              className="rounded-lg p-2 text-muted hover:bg-surface-raised hover:text-fg"
            >
              <Icon name="search" className="size-4.5" />
            </button>
          </form>
        </div>
        <nav className="flex-1 overflow-y-auto p-2" aria-label={t('HeaderTableOfContents')}>
          {!searching && <Chapters items={toc} onNavigate={onNavigate} depth={0} />}
          {searching && (
            <div aria-live="polite">
              {search.chapters.map((chapter, ci) => (
                <section key={ci} className="mb-3">
                  <h3 className="px-2 py-1 text-sm font-semibold">{chapter.label || t('LabelChapters')}</h3>
                  <ul>
                    {chapter.hits.map((hit) => (
                      <li key={hit.cfi}>
                        <button
                          type="button"
                          className="w-full rounded px-2 py-1.5 text-start text-sm text-muted hover:bg-surface-raised focus-visible:bg-surface-raised"
                          onClick={() => onNavigate(hit.cfi)}
                          data-testid="search-hit"
                        >
                          {hit.excerpt.pre}
                          <mark className="bg-primary/30 text-fg">{hit.excerpt.match}</mark>
                          {hit.excerpt.post}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {!search.done && <Spinner className="m-3 text-primary" label={t('MessageLoading')} />}
              {search.done && hitCount === 0 && (
                <p className="p-3 text-center text-sm text-muted">{t('MessageNoResults')}</p>
              )}
            </div>
          )}
        </nav>
      </div>
    </div>
  )
}
