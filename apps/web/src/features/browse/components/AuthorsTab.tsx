import type { AuthorWithCount, Library } from '@shelfcast/contracts'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingBox } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { browseKeys, fetchAuthorsPage, type AuthorListParams } from '../api.ts'
import { AuthorCard } from './AuthorCard.tsx'
import { BookshelfLayout } from './BookshelfLayout.tsx'
import { SortMenu } from './SortMenu.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { CurrentLibraryPage } from './CurrentLibraryPage.tsx'
import { VirtualPagedGrid } from './VirtualPagedGrid.tsx'
import { useCardGeometry } from '../hooks/useCardGeometry.ts'
import { countText } from '../model/counts.ts'

const authorSortOptions = [
  { key: 'name', labelKey: 'LabelAuthorFirstLast' },
  { key: 'lastFirst', labelKey: 'LabelAuthorLastFirst' },
  { key: 'numBooks', labelKey: 'LabelNumberOfBooks' },
  { key: 'addedAt', labelKey: 'LabelAddedAt' },
  { key: 'updatedAt', labelKey: 'LabelUpdatedAt' },
]

/** /library/:libraryId/bookshelf/authors: authors with image (or initials) and number of books. */
export function AuthorsTab() {
  return <CurrentLibraryPage>{(library) => <AuthorsGrid library={library} />}</CurrentLibraryPage>
}

function AuthorsGrid({ library }: { library: Library }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const settings = useUserSettings((s) => s.settings)
  const update = useUserSettings((s) => s.update)
  const [total, setTotal] = useState<number | null>(null)
  // Author cards are square, a little wider than a standard cover, and always show name and count.
  const geometry = useCardGeometry({
    kind: 'author',
    coverSize: settings.bookshelfCoverSize,
    view: 'detail',
    aspectRatio: 1,
  })
  const width = geometry.width
  const params: AuthorListParams = {
    sortBy: authorSortOptions.some((o) => o.key === settings.authorSortBy) ? settings.authorSortBy : 'name',
    sortDesc: settings.authorSortDesc,
  }
  // The grid keys its pages by `params`; the fetch itself needs no memoising.
  const fetchPage = (page: number, limit: number, signal: AbortSignal) =>
    fetchAuthorsPage(api, library.id, params, page, limit, signal)
  const renderCard = useCallback(
    (author: AuthorWithCount) => <AuthorCard author={author} width={width} />,
    [width],
  )

  return (
    <BookshelfLayout
      library={library}
      title={t('ButtonAuthors')}
      count={total === null ? null : countText(t, 'Author', total)}
      controls={
        <SortMenu
          testId="authors-sort-menu"
          options={authorSortOptions}
          value={params.sortBy}
          desc={params.sortDesc}
          onChange={(authorSortBy, authorSortDesc) => update({ authorSortBy, authorSortDesc })}
        />
      }
    >
      <VirtualPagedGrid<AuthorWithCount>
        testId="authors-grid"
        queryKey={browseKeys.authorsList(library.id, params)}
        fetchPage={fetchPage}
        geometry={geometry}
        renderCard={renderCard}
        onTotal={setTotal}
        loading={<LoadingBox message={t('MessageLoading')} />}
        error={(error, retry) => <ListError error={error} onRetry={retry} />}
        empty={<EmptyState icon="authors" title={t('MessageNoAuthors')} />}
      />
    </BookshelfLayout>
  )
}
