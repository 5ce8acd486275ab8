import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '@/components/ui/index.ts'
import { openAuthorEdit } from '@/lib/author-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { AuthorImage } from './AuthorImage.tsx'
import { captionLines } from '../model/card-geometry.ts'
import { countText } from '../model/counts.ts'
import { CardCaption } from './CardCaption.tsx'

export interface AuthorCardProps {
  author: { id: string; name: string; updatedAt: number; imagePath: string | null; numBooks?: number }
  width: number
}

/** An author in the authors grid and on shelves: image or initials, name, number of books; a pencil on hover (update). */
export const AuthorCard = memo(function AuthorCard({ author, width }: AuthorCardProps) {
  const { t } = useTranslation()
  const canEdit = useSessionStore((s) => !!s.user?.permissions.update)
  const count = author.numBooks ?? 0
  return (
    <div className="group relative" style={{ width }}>
      <Link to={`/author/${author.id}`} className="block rounded-xl" data-testid="author-card">
        <AuthorImage
          author={author}
          size={width}
          className="shadow-md ring-primary/70 transition group-hover:ring-2"
        />
        <CardCaption
          lines={captionLines('author', 'detail')}
          title={author.name}
          subs={[countText(t, 'Book', count)]}
          titleTestId="author-card-name"
          center
        />
      </Link>
      {canEdit && (
        <button
          type="button"
          onClick={() => openAuthorEdit(author.id)}
          aria-label={t('ButtonEditAuthor', { name: author.name })}
          title={t('ButtonEdit')}
          className="absolute top-2 end-2 flex size-8 items-center justify-center rounded-full bg-black/60 text-white opacity-0 transition group-hover:opacity-100 focus:opacity-100 hover:bg-black/80"
          data-testid="author-card-edit"
        >
          <Icon name="edit" className="size-4" />
        </button>
      )}
    </div>
  )
})
