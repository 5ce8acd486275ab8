import type { Library } from '@shelfcast/contracts'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Icon } from '../../components/ui/index.ts'
import { GlobalSearch } from '../../features/search/index.ts'

/**
 * The phone's search (under 640 px): an icon that opens the library search across the whole app bar,
 * results dropdown included; Back, Escape or opening a result closes it.
 */
export function PhoneSearch({ library }: { library: Library }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)

  // A picked result or Enter navigates: the search has done its job.
  const [seenLocation, setSeenLocation] = useState(location)
  if (seenLocation !== location) {
    setSeenLocation(location)
    if (open) setOpen(false)
  }

  // The search closes its results on the first Escape (its own handler); the next one closes the search.
  // Listened to in the capture phase, so the results are looked for before the search closes them.
  const panelRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || panelRef.current?.querySelector('[data-testid=search-dropdown]')) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => document.removeEventListener('keydown', onKeyDown, true)
  }, [open])

  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) openButton.current?.focus()
    wasOpen.current = open
  }, [open])

  return (
    <>
      <button
        ref={openButton}
        type="button"
        aria-label={t('ButtonSearch')}
        title={t('ButtonSearch')}
        aria-expanded={open}
        data-testid="phone-search-open"
        onClick={() => setOpen(true)}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-raised hover:text-fg sm:hidden"
      >
        <Icon name="search" />
      </button>
      {open && (
        <div
          ref={panelRef}
          data-testid="phone-search"
          className="absolute inset-0 z-10 flex items-center gap-2 bg-surface px-2 sm:hidden"
        >
          <button
            type="button"
            aria-label={t('ButtonBack')}
            title={t('ButtonBack')}
            data-testid="phone-search-close"
            onClick={() => setOpen(false)}
            className="flex size-10 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-raised hover:text-fg"
          >
            <Icon name="chevronLeft" />
          </button>
          <GlobalSearch library={library} className="min-w-0 flex-1" autoFocus />
        </div>
      )}
    </>
  )
}
