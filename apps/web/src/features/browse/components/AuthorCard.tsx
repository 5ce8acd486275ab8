import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthorImage } from './AuthorImage.tsx'
import { countText } from '../model/counts.ts'

export const AUTHOR_CAPTION_HEIGHT = 48

export interface AuthorCardProps {
  author: { id: string; name: string; updatedAt: number; imagePath: string | null; numBooks?: number }
  width: number
}

/** An author in the authors grid and on shelves: image or initials, name, number of books. */
export const AuthorCard = memo(function AuthorCard({ author, width }: AuthorCardProps) {
  const { t } = useTranslation()
  const count = author.numBooks ?? 0
  return (
    <Link
      to={`/author/${author.id}`}
      className="group block rounded-xl"
      style={{ width }}
      data-testid="author-card"
    >
      <AuthorImage
        author={author}
        size={width}
        className="shadow-md ring-primary/70 transition group-hover:ring-2"
      />
      <div className="mt-1.5 px-0.5 text-center text-sm leading-tight">
        <p className="truncate font-semibold text-fg" data-testid="author-card-name">
          {author.name}
        </p>
        <p className="truncate text-xs text-muted">{countText(t, 'Book', count)}</p>
      </div>
    </Link>
  )
})
