import type { Library } from '@shelfcast/contracts'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Badge, Icon, cn, type IconName } from '../../components/ui/index.ts'
import { VersionLabel } from '../../features/updates/index.ts'
import {
  requestRadix,
  useRadix,
  useTriggerSwitch,
  type RadixPrimitives,
} from '../../components/ui/radix-on-demand.ts'
import { isSideRailEntryActive, type SideRailEntry } from '../side-rail/side-rail-entries.ts'
import { useSideRailEntries } from '../side-rail/useSideRailEntries.ts'
import { splitBottomNavEntries } from './bottom-nav-entries.ts'

const tabClass = (active: boolean) =>
  cn(
    'relative flex h-16 min-w-0 flex-1 flex-col items-center justify-center gap-1 px-0.5 text-[0.65rem] leading-tight font-medium transition',
    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
    active ? 'text-primary' : 'text-muted hover:text-fg',
  )

function TabBody({ icon, label, badge }: { icon: IconName; label: string; badge?: number | undefined }) {
  return (
    <>
      <Icon name={icon} className="size-6" />
      <span className="max-w-full truncate">{label}</span>
      {badge !== undefined && (
        <Badge className="absolute top-1 end-1/2 translate-x-6 rtl:-translate-x-6">{badge}</Badge>
      )}
    </>
  )
}

/**
 * The phone's library navigation (under 640 px, where the side rail is hidden): the first side-rail
 * entries as tabs and a "More" button whose sheet lists the others. `data-bottom-nav` makes styles.css
 * publish the bar's height as `--bottom-nav-height` for the page, the player bar and toasts. Until the
 * Radix code arrives (radix-on-demand.ts) "More" is a plain button that looks the same; a press on it opens
 * the sheet as soon as the code is there.
 */
export function BottomNav({ library }: { library: Library }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [moreOpen, setMoreOpen] = useState(false)
  const radix = useRadix()
  const { staticRef, radixRef } = useTriggerSwitch(radix)
  const { tabs, more } = splitBottomNavEntries(useSideRailEntries(library))
  const isActive = (entry: SideRailEntry) => isSideRailEntryActive(entry, location.pathname, location.search)
  const moreLinks = more.map((entry) => (
    <li key={entry.id}>
      <Link
        to={entry.to}
        aria-current={isActive(entry) ? 'page' : undefined}
        onClick={() => setMoreOpen(false)}
        className={cn(
          'flex items-center gap-3 rounded-xl px-3 py-3 text-sm font-medium transition',
          isActive(entry) ? 'bg-primary/15 text-primary' : 'text-fg hover:bg-surface-raised',
        )}
      >
        <Icon name={entry.icon} className="size-5" />
        <span className="min-w-0 flex-1 break-words">{t(entry.labelKey)}</span>
        {entry.badge !== undefined && <Badge>{entry.badge}</Badge>}
      </Link>
    </li>
  ))

  return (
    <nav
      data-testid="bottom-nav"
      data-bottom-nav=""
      aria-label={t('LabelLibraryNavigation')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] sm:hidden"
    >
      <ul className="flex">
        {tabs.map((entry) => (
          <li key={entry.id} className="flex min-w-0 flex-1">
            <Link
              to={entry.to}
              aria-current={isActive(entry) ? 'page' : undefined}
              className={tabClass(isActive(entry))}
            >
              <TabBody icon={entry.icon} label={t(entry.labelKey)} badge={entry.badge} />
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li className="flex min-w-0 flex-1">
            {radix ? (
              <radix.RadixDialog.Root open={moreOpen} onOpenChange={setMoreOpen}>
                <radix.RadixDialog.Trigger
                  ref={radixRef}
                  data-testid="bottom-nav-more"
                  className={tabClass(more.some(isActive))}
                >
                  <TabBody icon="more" label={t('ButtonMore')} />
                </radix.RadixDialog.Trigger>
                <MoreSheet
                  Dialog={radix.RadixDialog}
                  title={t('ButtonMore')}
                  footer={<VersionLabel layout="row" onOpenChangelog={() => setMoreOpen(false)} />}
                >
                  {moreLinks}
                </MoreSheet>
              </radix.RadixDialog.Root>
            ) : (
              <button
                ref={staticRef}
                type="button"
                aria-haspopup="dialog"
                aria-expanded={false}
                data-state="closed"
                data-testid="bottom-nav-more"
                className={tabClass(more.some(isActive))}
                onClick={() => {
                  requestRadix()
                  setMoreOpen(true)
                }}
              >
                <TabBody icon="more" label={t('ButtonMore')} />
              </button>
            )}
          </li>
        )}
      </ul>
    </nav>
  )
}

/** The sheet that slides over the bottom of the screen with the entries the bar has no room for. */
function MoreSheet({
  Dialog,
  title,
  children,
  footer,
}: {
  Dialog: RadixPrimitives['RadixDialog']
  title: string
  children: ReactNode
  /** Under the entries: the server version (it opens the changelog). */
  footer: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        data-testid="bottom-nav-sheet"
        aria-describedby={undefined}
        className="fixed inset-x-0 bottom-0 z-50 max-h-[80dvh] overflow-y-auto rounded-t-2xl border-t border-border bg-surface p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-fg shadow-2xl"
      >
        <div className="mb-2 flex items-center justify-between px-1">
          <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={t('ButtonClose')}
            className="rounded-lg p-2 text-muted hover:bg-surface-raised hover:text-fg"
          >
            <Icon name="close" className="size-5" />
          </Dialog.Close>
        </div>
        <ul className="flex flex-col gap-0.5">{children}</ul>
        <div className="mt-2 border-t border-border pt-2">{footer}</div>
      </Dialog.Content>
    </Dialog.Portal>
  )
}
