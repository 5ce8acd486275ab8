import { useState } from 'react'
import { authorImageNeedsBackground, cn } from '@/components/ui/index.ts'
import { useAuthorImageUrl } from '../hooks/useCoverUrl.ts'

/** Initials of a name for the image placeholder: first letters of the first and last words. */
export function authorInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = Array.from(words[0]!)[0] ?? ''
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : ''
  return (first + last).toUpperCase()
}

/** An author's image (GET /api/authors/:id/image), or the initials when there is none or it fails. */
export function AuthorImage({
  author,
  size,
  className,
}: {
  author: { id: string; name: string; updatedAt: number; imagePath: string | null }
  size: number
  className?: string
}) {
  const src = useAuthorImageUrl(author, size)
  return <AuthorPicture key={src ?? ''} src={src} name={author.name} size={size} className={className} />
}

function AuthorPicture({
  src,
  name,
  size,
  className,
}: {
  src: string | null
  name: string
  size: number
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  const [background, setBackground] = useState(false)
  const showImage = !!src && !failed
  return (
    <div
      className={cn('relative overflow-hidden rounded-xl bg-surface-raised', className)}
      style={{ width: size, height: size }}
      data-testid="author-image"
    >
      {showImage ? (
        <>
          {background && (
            <img
              src={src}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full scale-125 object-cover opacity-60 blur-lg"
            />
          )}
          <img
            src={src}
            alt={name}
            loading="lazy"
            decoding="async"
            onLoad={(event) =>
              setBackground(
                authorImageNeedsBackground(
                  event.currentTarget.naturalWidth,
                  event.currentTarget.naturalHeight,
                ),
              )
            }
            onError={() => setFailed(true)}
            className={cn('absolute inset-0 size-full', background ? 'object-contain' : 'object-cover')}
          />
        </>
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-primary/25 to-surface-raised font-bold text-primary"
          style={{ fontSize: Math.round(size / 3) }}
        >
          {authorInitials(name)}
        </span>
      )}
    </div>
  )
}
