import type { MediaType } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { cn } from '@/components/ui/index.ts'

/** The bookshelf tabs: Library, and for book libraries Series, Collections, Authors; Playlists when the user has some. */
export function BookshelfTabs({
  libraryId,
  mediaType,
  numUserPlaylists,
}: {
  libraryId: string
  mediaType: MediaType
  numUserPlaylists: number
}) {
  const { t } = useTranslation()
  const base = `/library/${libraryId}/bookshelf`
  const tabs = [
    { to: base, labelKey: 'ButtonLibrary', show: true },
    { to: `${base}/series`, labelKey: 'ButtonSeries', show: mediaType === 'book' },
    { to: `${base}/collections`, labelKey: 'ButtonCollections', show: mediaType === 'book' },
    { to: `${base}/playlists`, labelKey: 'ButtonPlaylists', show: numUserPlaylists > 0 },
    { to: `${base}/authors`, labelKey: 'ButtonAuthors', show: mediaType === 'book' },
  ].filter((tab) => tab.show)
  if (tabs.length < 2) return null
  return (
    <nav aria-label={t('LabelBookshelfTabs')} className="relative flex gap-1 overflow-x-auto">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
              isActive ? 'bg-primary/15 text-primary' : 'text-muted hover:bg-surface-raised hover:text-fg',
            )
          }
        >
          {t(tab.labelKey)}
        </NavLink>
      ))}
    </nav>
  )
}
