import { useState, type CSSProperties } from 'react'
import { cn } from './cn.ts'
import { coverNeedsBackground, coverPlaceholderAuthor, coverPlaceholderTitle } from './cover-rules.ts'

export interface CoverImageProps {
  /** Image URL, already sized by the caller (`?width=`); null shows the title/author placeholder. */
  src: string | null
  title: string
  author?: string | null
  /** Height over width: 1.6 standard, 1 square. */
  aspectRatio: number
  /** Width in CSS pixels; the height follows the aspect ratio. Omit to fill the parent's width. */
  width?: number
  /** Shown over the placeholder when the image fails to load (widgets carry no translations). */
  invalidLabel: string
  /** Below the cover: the image's pixel size once loaded. */
  showResolution?: boolean
  loading?: 'lazy' | 'eager'
  /** 'high' for covers the first screen shows (fetched ahead of other images). */
  fetchPriority?: 'high' | 'low' | 'auto'
  className?: string
}

/**
 * A cover (spec §2 widgets, §9 rules): the image filling a box of the library's aspect ratio, contained
 * over a blurred copy of itself when its own shape deviates by more than 0.15; a placeholder with title
 * and author when there is no image, marked 'Invalid Cover' when the image fails. Images load lazily.
 */
export function CoverImage({
  src,
  title,
  author,
  aspectRatio,
  width,
  invalidLabel,
  showResolution = false,
  loading = 'lazy',
  fetchPriority,
  className,
}: CoverImageProps) {
  const box: CSSProperties =
    width === undefined
      ? { aspectRatio: `1 / ${aspectRatio}` }
      : { width, height: Math.round(width * aspectRatio) }
  return (
    // A new src is a new image: the keyed child starts over (loading, size, failure).
    <CoverPicture
      key={src ?? ''}
      src={src}
      title={title}
      author={author ?? null}
      aspectRatio={aspectRatio}
      box={box}
      fontBase={width}
      invalidLabel={invalidLabel}
      showResolution={showResolution}
      loading={loading}
      fetchPriority={fetchPriority}
      className={className}
    />
  )
}

/** Covers narrower than this (CSS px) are thumbnails: the placeholder shows a clamped title only. */
const THUMBNAIL_MAX_PX = 64

interface PictureProps {
  src: string | null
  title: string
  author: string | null
  aspectRatio: number
  box: CSSProperties
  fontBase: number | undefined
  invalidLabel: string
  showResolution: boolean
  loading: 'lazy' | 'eager'
  fetchPriority: 'high' | 'low' | 'auto' | undefined
  className: string | undefined
}

function CoverPicture({
  src,
  title,
  author,
  aspectRatio,
  box,
  fontBase,
  invalidLabel,
  showResolution,
  loading,
  fetchPriority,
  className,
}: PictureProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const hasImage = !!src && state !== 'failed'
  const withBackground =
    state === 'loaded' && natural !== null && coverNeedsBackground(natural.width, natural.height, aspectRatio)
  // Placeholder text scales with the cover; in fluid boxes it uses container units.
  const titleSize = fontBase ? `${Math.max(9, Math.round(fontBase / 9))}px` : '11cqw'
  const authorSize = fontBase ? `${Math.max(8, Math.round(fontBase / 12))}px` : '8cqw'
  // A thumbnail has room for a few words of the title only: no author, and the title cut to whole lines.
  const thumbnail = fontBase !== undefined && fontBase < THUMBNAIL_MAX_PX

  return (
    <div className={cn('flex flex-col', className)}>
      <div
        style={box}
        className="relative overflow-hidden rounded-md bg-surface-raised shadow-sm @container"
        data-testid="cover"
        data-cover-state={src ? state : 'placeholder'}
        data-cover-background={withBackground || undefined}
      >
        {/* The placeholder stands for the picture: named by the title, its text hidden (a card's link names it). */}
        {!hasImage && (
          <div
            role="img"
            aria-label={title}
            className="absolute inset-0 flex flex-col items-center justify-center gap-[6%] overflow-hidden border border-border/60 bg-gradient-to-b from-surface-raised to-surface p-[8%] text-center"
          >
            <p
              className={cn(
                'font-semibold leading-tight break-words text-fg [overflow-wrap:anywhere]',
                thumbnail ? 'line-clamp-3' : 'line-clamp-5',
              )}
              style={{ fontSize: titleSize }}
              data-testid="cover-placeholder-title"
              aria-hidden="true"
            >
              {coverPlaceholderTitle(title)}
            </p>{' '}
            {author && !thumbnail && (
              <p
                aria-hidden="true"
                className="line-clamp-2 leading-tight text-muted [overflow-wrap:anywhere]"
                style={{ fontSize: authorSize }}
              >
                {coverPlaceholderAuthor(author)}
              </p>
            )}
            {src && state === 'failed' && (
              <p
                className="absolute inset-x-0 bottom-[6%] font-semibold text-error"
                style={{ fontSize: authorSize }}
                data-testid="cover-invalid"
              >
                {invalidLabel}
              </p>
            )}
          </div>
        )}
        {hasImage && withBackground && (
          <img
            src={src}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 size-full scale-125 object-cover opacity-60 blur-lg"
          />
        )}
        {hasImage && (
          <img
            src={src}
            alt={title}
            loading={loading}
            fetchPriority={fetchPriority}
            decoding="async"
            draggable={false}
            onLoad={(event) => {
              const img = event.currentTarget
              setNatural({ width: img.naturalWidth, height: img.naturalHeight })
              setState('loaded')
            }}
            onError={() => setState('failed')}
            className={cn(
              'absolute inset-0 size-full transition-opacity duration-200',
              withBackground ? 'object-contain' : 'object-cover',
              state === 'loaded' ? 'opacity-100' : 'opacity-0',
            )}
          />
        )}
      </div>
      {showResolution && natural && (
        <p className="mt-1 text-center font-mono text-xs text-muted" data-testid="cover-resolution">
          {natural.width}×{natural.height}px
        </p>
      )}
    </div>
  )
}
