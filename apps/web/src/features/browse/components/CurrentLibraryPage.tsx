import type { Library } from '@shelfcast/contracts'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingBox } from '@/components/ui/index.ts'
import { useCurrentLibrary } from '@/features/libraries/index.ts'

/**
 * A page of the current library: waits for it, and starts the page afresh (state, scroll-to-top rules)
 * when the user switches library.
 */
export function CurrentLibraryPage({ children }: { children: (library: Library) => ReactNode }) {
  const { t } = useTranslation()
  const { current } = useCurrentLibrary()
  if (!current) return <LoadingBox message={t('MessageLoading')} />
  return <Fragment key={current.id}>{children(current)}</Fragment>
}
