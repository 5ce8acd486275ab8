import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import type { CSSProperties, ReactNode, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { cn } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { usePlayerStore } from '../player-store.ts'

/** The playing item's cover at about `width` px, or a blank tile. */
export function PlayerCover({ width, className }: { width: number; className: string }) {
  const api = useApiClient()
  const session = usePlayerStore((s) => s.session)
  const item = session?.libraryItem
  const coverPath = item?.media.coverPath
  if (!session || !item || !coverPath) return <div className={cn('bg-surface-raised', className)} />
  const src = /^https?:\/\//.test(coverPath)
    ? coverPath
    : api.url(fillPath(itemRoutes.cover.path, { id: session.libraryItemId }), { width, ts: item.updatedAt })
  return <img src={src} alt="" className={cn('object-cover', className)} />
}

/** Title linking to the item, and authors linking to author pages (or the podcast's author). */
export function NowPlayingInfo({ large = false }: { large?: boolean }) {
  const session = usePlayerStore((s) => s.session)
  const item = session?.libraryItem
  const authors = item?.mediaType === 'book' ? item.media.metadata.authors : []
  const podcastAuthor = item?.mediaType === 'podcast' ? item.media.metadata.author : null
  return (
    <>
      {session && (
        <Link
          to={`/item/${session.libraryItemId}`}
          className={cn('block truncate font-semibold hover:underline', large ? 'text-2xl' : 'text-sm')}
          data-testid="player-title"
        >
          {session.displayTitle}
        </Link>
      )}
      <div className={cn('truncate text-muted', large ? 'text-base' : 'text-xs')}>
        {authors.length > 0
          ? authors.map((a, i) => (
              <span key={a.id}>
                {i > 0 && ', '}
                <Link to={`/author/${a.id}`} className="hover:underline">
                  {a.name}
                </Link>
              </span>
            ))
          : (podcastAuthor ?? session?.displayAuthor)}
      </div>
    </>
  )
}

/** The landmark around a player view, carrying the engine state for tests and styling. */
export function PlayerRegion({
  className,
  testId,
  children,
  ref,
  style,
}: {
  className: string
  testId: string
  children: ReactNode
  ref?: Ref<HTMLDivElement>
  style?: CSSProperties
}) {
  const { t } = useTranslation()
  const state = usePlayerStore((s) => s.state)
  return (
    <div
      role="region"
      aria-label={t('LabelPlayer')}
      className={className}
      style={style}
      ref={ref}
      data-testid={testId}
      data-state={state}
    >
      {children}
    </div>
  )
}
