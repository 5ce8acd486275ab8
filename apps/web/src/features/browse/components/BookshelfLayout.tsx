import type { Library } from '@shelfcast/contracts'
import type { ReactNode } from 'react'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import { BookshelfTabs } from './BookshelfTabs.tsx'

/**
 * The frame of every bookshelf tab: tabs and the tab's controls in a bar that stays under the app bar,
 * then the tab's content.
 */
export function BookshelfLayout({
  library,
  title,
  count,
  controls,
  below,
  children,
}: {
  library: Library
  /** Heading of the tab (for screen readers and small screens). */
  title: string
  /** The count text ("12 books"), once known. */
  count?: string | null
  controls?: ReactNode
  /** Under the bar (the active filter). */
  below?: ReactNode
  children: ReactNode
}) {
  const detail = useLibraryDetail(library.id)
  return (
    <div className="px-4 pb-16 md:px-8">
      <div className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-bg px-4 py-3 md:-mx-8 md:px-8">
        <h1 className="sr-only">{title}</h1>
        <BookshelfTabs
          libraryId={library.id}
          mediaType={library.mediaType}
          numUserPlaylists={detail.data?.numUserPlaylists ?? 0}
        />
        <div className="flex-1" />
        {count && (
          <p className="text-sm font-medium text-muted tabular-nums" data-testid="bookshelf-count">
            {count}
          </p>
        )}
        {controls && <div className="flex flex-wrap items-center gap-2">{controls}</div>}
      </div>
      {below && <div className="pt-3">{below}</div>}
      <div className="pt-6">{children}</div>
    </div>
  )
}
