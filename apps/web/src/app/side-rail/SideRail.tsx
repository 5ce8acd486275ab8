import type { Library } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Badge, Icon, cn } from '../../components/ui/index.ts'
import { VersionLabel } from '../../features/updates/index.ts'
import { isSideRailEntryActive } from './side-rail-entries.ts'
import { useSideRailEntries } from './useSideRailEntries.ts'

/** The 80 px rail of the current library's pages from 640 px up, with the server version (changelog, update link) at the bottom. */
export function SideRail({ library }: { library: Library }) {
  const { t } = useTranslation()
  const location = useLocation()
  const entries = useSideRailEntries(library)

  return (
    <nav
      data-testid="side-rail"
      aria-label={t('LabelLibraryNavigation')}
      className="fixed top-16 bottom-0 start-0 z-30 hidden w-20 flex-col border-e border-border bg-surface sm:flex"
    >
      <ul className="flex flex-1 flex-col overflow-y-auto py-2">
        {entries.map((entry) => {
          const active = isSideRailEntryActive(entry, location.pathname, location.search)
          return (
            <li key={entry.id}>
              <Link
                to={entry.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative mx-1.5 flex flex-col items-center gap-1 rounded-xl px-0.5 py-2.5 text-center text-[0.65rem] leading-tight font-medium transition',
                  active ? 'bg-primary/15 text-primary' : 'text-muted hover:bg-surface-raised hover:text-fg',
                )}
              >
                {active && (
                  <span
                    aria-hidden="true"
                    className="absolute top-2 bottom-2 -start-1.5 w-1 rounded-e bg-primary"
                  />
                )}
                <Icon name={entry.icon} className="size-6" />
                <span className="max-w-full break-words hyphens-auto">{t(entry.labelKey)}</span>
                {entry.badge !== undefined && <Badge className="absolute top-1 end-2.5">{entry.badge}</Badge>}
              </Link>
            </li>
          )
        })}
      </ul>
      <div className="border-t border-border py-2">
        <VersionLabel />
      </div>
    </nav>
  )
}
