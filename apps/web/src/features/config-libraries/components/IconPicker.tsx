import { libraryIcons } from '@shelfcast/contracts/client'
import { useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/index.ts'
import { LibraryIcon } from '@/features/libraries/index.ts'
import { inlineArrowStep } from '@/lib/inline-arrow.ts'
import type { LibraryIconName } from '../model/library-form.ts'

/** en-us keys naming each icon (for screen readers and tooltips). */
export const libraryIconLabelKeys: Record<LibraryIconName, string> = {
  database: 'LabelIconDatabase',
  audiobookshelf: 'LabelIconAudiobookshelf',
  'books-1': 'LabelIconBooksUpright',
  'books-2': 'LabelIconBooksStacked',
  'book-1': 'LabelIconOpenBook',
  'microphone-1': 'LabelIconMicrophone',
  'microphone-3': 'LabelIconHandheldMicrophone',
  radio: 'LabelIconRadio',
  podcast: 'LabelIconPodcast',
  rss: 'LabelIconRss',
  headphones: 'LabelIconHeadphones',
  music: 'LabelIconMusic',
  'file-picture': 'LabelIconPicture',
  rocket: 'LabelIconRocket',
  power: 'LabelIconPower',
  star: 'LabelIconStar',
  heart: 'LabelIconHeart',
}

/** The 17 library icons as a radio group: arrows move and choose, like native radios. */
export function IconPicker({
  value,
  onChange,
  label,
}: {
  value: LibraryIconName
  onChange: (icon: LibraryIconName) => void
  label: string
}) {
  const { t } = useTranslation()
  const groupRef = useRef<HTMLDivElement>(null)

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key] ?? inlineArrowStep(event.key, event.currentTarget)
    if (!step) return
    event.preventDefault()
    const index = libraryIcons.indexOf(value)
    const next = (index + step + libraryIcons.length) % libraryIcons.length
    onChange(libraryIcons[next]!)
    groupRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus()
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span id="library-icon-label" className="text-sm font-medium">
        {label}
      </span>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- arrow keys from the focused icon bubble here (roving focus) */}
      <div
        ref={groupRef}
        role="radiogroup"
        aria-labelledby="library-icon-label"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1.5"
      >
        {libraryIcons.map((icon) => {
          const selected = icon === value
          const name = t(libraryIconLabelKeys[icon])
          return (
            <button
              key={icon}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={name}
              title={name}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(icon)}
              className={cn(
                'flex size-10 items-center justify-center rounded-lg border transition',
                selected
                  ? 'border-primary bg-primary/15 text-primary'
                  : 'border-border text-muted hover:border-muted hover:text-fg',
              )}
            >
              <LibraryIcon icon={icon} className="size-5" />
            </button>
          )
        })}
      </div>
    </div>
  )
}
