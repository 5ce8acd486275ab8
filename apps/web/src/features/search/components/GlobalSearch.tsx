import type { Library } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Icon, Spinner, cn } from '@/components/ui/index.ts'
import { useLibrarySearch } from '../api.ts'
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts'
import { searchGroups, searchPagePath, searchPhase } from '../model/search-state.ts'
import { SearchGroupRows } from './SearchHitRows.tsx'

/**
 * The app bar's search (spec §2): results of the current library grouped (3 per group) under the box;
 * 'Thinking...' while typing, 'Fetching...' while loading, 'No results' otherwise. Enter opens the
 * search page; clearing resets. `className` sizes it (the app bar's box, or the phone's full-width search).
 */
export function GlobalSearch({
  library,
  className,
  autoFocus = false,
}: {
  library: Library
  className?: string
  autoFocus?: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [input, setInput] = useState('')
  const [open, setOpen] = useState(false)
  const settled = useDebouncedValue(input, limits.searchDebounceMs)
  const query = useLibrarySearch(library.id, settled, limits.searchLimitPerGroup)
  const phase = searchPhase(input, settled, settled ? query.data : undefined)
  const rootRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const reset = () => {
    setInput('')
    setOpen(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && input.trim()) {
      event.preventDefault()
      setOpen(false)
      inputRef.current?.blur()
      void navigate(searchPagePath(library.id, input))
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  const showPanel = open && phase !== 'idle'
  return (
    <div
      ref={rootRef}
      className={cn('relative', className ?? 'w-40 sm:w-64 lg:w-80')}
      data-testid="global-search"
    >
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          ref={inputRef}
          autoFocus={autoFocus}
          type="text"
          role="combobox"
          aria-expanded={showPanel}
          aria-controls={showPanel ? panelId : undefined}
          aria-autocomplete="list"
          aria-label={t('LabelSearchLibrary')}
          placeholder={t('PlaceholderSearch')}
          value={input}
          onChange={(event) => {
            setInput(event.target.value)
            setOpen(event.target.value.trim().length > 0)
          }}
          onFocus={() => input.trim() && setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-lg border border-border bg-bg pe-9 ps-9 text-sm text-fg placeholder:text-muted outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        />
        {input && (
          <button
            type="button"
            onClick={() => {
              reset()
              inputRef.current?.focus()
            }}
            aria-label={t('ButtonClearSearch')}
            className="absolute top-1/2 end-2 -translate-y-1/2 rounded-md p-1 text-muted hover:text-fg"
          >
            <Icon name="close" className="size-4" />
          </button>
        )}
      </div>
      {showPanel && (
        <div
          id={panelId}
          role="region"
          aria-label={t('LabelSearchResults')}
          aria-live="polite"
          className="absolute top-full end-0 z-50 mt-1 max-h-[70vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-border bg-surface-raised p-2 shadow-2xl"
          data-testid="search-dropdown"
          data-phase={phase}
        >
          {phase === 'thinking' && <p className="px-2 py-3 text-sm text-muted">{t('MessageThinking')}</p>}
          {phase === 'fetching' && (
            <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted">
              <Spinner className="size-4" />
              {t('MessageFetching')}
            </p>
          )}
          {phase === 'empty' && <p className="px-2 py-3 text-sm text-muted">{t('MessageNoResults')}</p>}
          {phase === 'results' &&
            query.data &&
            searchGroups(query.data).map((group) => (
              <section key={group.id} className="py-1" aria-label={t(group.labelKey)}>
                <h3 className="px-2 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-muted uppercase">
                  {t(group.labelKey)}
                </h3>
                <ul>
                  <SearchGroupRows
                    group={group}
                    libraryId={library.id}
                    squareCovers={library.settings.coverAspectRatio === 1}
                    onPick={reset}
                  />
                </ul>
              </section>
            ))}
        </div>
      )}
    </div>
  )
}
