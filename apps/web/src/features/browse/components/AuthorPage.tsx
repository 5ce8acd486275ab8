import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Button, Icon, LoadingBox } from '@/components/ui/index.ts'
import { useCurrentLibrary } from '@/features/libraries/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { openAuthorEdit } from '@/lib/author-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useAuthor } from '../api.ts'
import { AuthorImage } from './AuthorImage.tsx'
import { BookGrid } from './BookGrid.tsx'
import { EmptyState, ListError } from './GridStates.tsx'
import { countText } from '../model/counts.ts'

/** /author/:id: image, name, description, the author's books and series in the current library. */
export function AuthorPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const { current, isLoading } = useCurrentLibrary()
  const query = useAuthor(id, current?.id ?? null)
  const canEdit = useSessionStore((s) => !!s.user?.permissions.update)

  if (isLoading || query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <EmptyState icon="authors" title={t('MessageAuthorNotFound')} />
    ) : (
      <ListError error={query.error} onRetry={() => void query.refetch()} />
    )
  }
  const author = query.data
  const square = current?.settings.coverAspectRatio === 1
  const books = author.libraryItems ?? []
  const series = author.series ?? []

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <header className="flex flex-col gap-6 sm:flex-row">
        <AuthorImage author={author} size={192} className="shrink-0 shadow-xl" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('HeaderAuthor')}</p>
          <div className="mt-1 flex items-center gap-3">
            <h1 className="bidi-own text-3xl font-bold tracking-tight" data-testid="author-name">
              {author.name}
            </h1>
            {canEdit && (
              <Button
                variant="ghost"
                className="size-9 px-0"
                onClick={() => openAuthorEdit(author.id)}
                aria-label={t('ButtonEditAuthor', { name: author.name })}
                title={t('ButtonEdit')}
                data-testid="author-edit"
              >
                <Icon name="edit" className="size-4.5" />
              </Button>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{countText(t, 'Book', author.numBooks)}</p>
          {author.description && (
            <p dir="auto" className="mt-4 max-w-3xl whitespace-pre-line text-sm leading-relaxed text-fg/90">
              {author.description}
            </p>
          )}
        </div>
      </header>

      <section className="mt-10" aria-labelledby="author-books">
        <h2 id="author-books" className="mb-4 text-lg font-semibold">
          {t('LabelBooks')}
        </h2>
        {books.length === 0 ? (
          <p className="text-sm text-muted">{t('MessageNoBooksByAuthor')}</p>
        ) : (
          <BookGrid items={books} squareCovers={square} testId="author-books" />
        )}
      </section>

      {series.map((entry) => (
        <section key={entry.id} className="mt-10" aria-label={entry.name}>
          <h2 className="mb-4 text-lg font-semibold">
            <Link
              to={`/library/${author.libraryId}/series/${entry.id}`}
              className="hover:text-primary hover:underline"
            >
              {entry.name}
            </Link>
          </h2>
          <BookGrid
            items={entry.items}
            squareCovers={square}
            caption={(item) => {
              const sequence = entry.items.find((b) => b.id === item.id)?.sequence
              return sequence ? t('LabelSequenceNumber', { sequence }) : null
            }}
          />
        </section>
      ))}
    </div>
  )
}
