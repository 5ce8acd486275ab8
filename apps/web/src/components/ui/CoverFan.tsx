import { CoverImage } from './CoverImage.tsx'
import { coverFanOffsets } from './cover-rules.ts'

export interface FanCover {
  key: string
  src: string | null
  title: string
  author?: string | null
}

/**
 * A series cover fan (spec §2 widgets): up to 10 covers overlapping across the fan's width, the first
 * on top; one cover sits in the middle.
 */
export function CoverFan({
  covers,
  coverWidth,
  width,
  aspectRatio,
  invalidLabel,
  placeholderTitle,
}: {
  covers: readonly FanCover[]
  coverWidth: number
  width: number
  aspectRatio: number
  invalidLabel: string
  /** Shown as one placeholder cover when there are no covers at all. */
  placeholderTitle: string
}) {
  const height = Math.round(coverWidth * aspectRatio)
  const offsets = coverFanOffsets(covers.length, coverWidth, width)
  return (
    <div
      className="relative rounded-md bg-surface-raised/60"
      style={{ width, height }}
      data-testid="cover-fan"
    >
      {offsets.length === 0 ? (
        <div className="absolute" style={{ insetInlineStart: (width - coverWidth) / 2 }}>
          <CoverImage
            src={null}
            title={placeholderTitle}
            aspectRatio={aspectRatio}
            width={coverWidth}
            invalidLabel={invalidLabel}
          />
        </div>
      ) : (
        offsets.map((left, index) => {
          const cover = covers[index]!
          return (
            <div
              key={cover.key}
              // From the inline start: the first cover lies on top at the right in right-to-left layouts.
              className="absolute top-0 shadow-[2px_0_6px_rgba(0,0,0,0.35)] rtl:shadow-[-2px_0_6px_rgba(0,0,0,0.35)]"
              style={{ insetInlineStart: left, zIndex: offsets.length - index }}
            >
              <CoverImage
                src={cover.src}
                title={cover.title}
                author={cover.author}
                aspectRatio={aspectRatio}
                width={coverWidth}
                invalidLabel={invalidLabel}
              />
            </div>
          )
        })
      )}
    </div>
  )
}
