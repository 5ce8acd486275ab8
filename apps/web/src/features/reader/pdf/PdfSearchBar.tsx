import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, IconButton } from '@/components/ui/index.ts'
import { isSearchable, normalizeText, type PdfTextIndex } from './pdf-search.ts'

type SearchStatus = 'idle' | 'searching' | 'none'

export interface PdfSearchBarProps {
  index: PdfTextIndex
  /** The page shown: a new query looks from it, "find next" from the page after it. */
  page: number
  onFound(page: number, query: string): void
  onClose(): void
}

/** Find a word in the book: Enter (or the button) goes to the next page holding it, wrapping round. */
export function PdfSearchBar({ index, page, onFound, onClose }: PdfSearchBarProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<SearchStatus>('idle')
  const lastFound = useRef<{ query: string; page: number } | null>(null)
  const running = useRef<AbortController | null>(null)
  useEffect(() => () => running.current?.abort(), [])

  const find = async () => {
    if (!isSearchable(query)) return
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    // Again on the page of the last hit for the same words: look from the next page.
    const again = lastFound.current?.query === normalizeText(query) && lastFound.current.page === page
    setStatus('searching')
    const found = await index.find(query, again ? page + 1 : page, controller.signal)
    if (controller.signal.aborted) return
    if (found === null) {
      lastFound.current = null
      setStatus('none')
      return
    }
    lastFound.current = { query: normalizeText(query), page: found }
    setStatus('idle')
    onFound(found, query)
  }

  return (
    <form
      role="search"
      className="flex shrink-0 items-center gap-2 border-t border-border bg-surface px-2 py-1.5 sm:px-3"
      onSubmit={(e) => {
        e.preventDefault()
        void find()
      }}
    >
      <input
        type="search"
        // Opened on purpose by the user: the field is where they type next.
        autoFocus
        aria-label={t('ButtonPdfSearch')}
        placeholder={t('LabelSearch')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setStatus('idle')
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            onClose()
          }
        }}
        className="h-9 min-w-0 flex-1 rounded-md border border-border bg-bg px-2 text-sm text-fg focus:border-primary focus:outline-none"
      />
      <Button type="submit" variant="secondary" className="h-9 px-3" disabled={!isSearchable(query)}>
        {t('ButtonPdfFindNext')}
      </Button>
      <span role="status" className="min-w-0 shrink text-sm text-muted">
        {status === 'searching' && t('MessagePdfSearching')}
        {status === 'none' && t('MessageNoResults')}
      </span>
      <IconButton icon="close" label={t('ButtonPdfCloseSearch')} onClick={onClose} />
    </form>
  )
}
