import { useTranslation } from 'react-i18next'
import { Button, Icon, cn } from '@/components/ui/index.ts'
import { openEreader } from '@/lib/ereader.ts'

interface ReadButtonProps {
  libraryItemId: string
  title: string
  /** A round cover button (cards) or a labelled button (item page). */
  variant?: 'button' | 'icon'
  /** The item page's main action for a book without audio. */
  primary?: boolean
  className?: string
  testId?: string
}

/** Opens the reader on the item's ebook (spec §2 item page and card actions). */
export function ReadButton({
  libraryItemId,
  title,
  variant = 'button',
  primary = false,
  className,
  testId,
}: ReadButtonProps) {
  const { t } = useTranslation()
  const open = () => openEreader(libraryItemId)
  if (variant === 'icon')
    return (
      <button
        type="button"
        aria-label={t('ButtonReadItem', { title })}
        title={t('ButtonReadItem', { title })}
        onClick={(event) => {
          event.preventDefault()
          event.stopPropagation()
          open()
        }}
        className={cn(
          'flex size-10 items-center justify-center rounded-full bg-primary text-primary-fg shadow hover:brightness-110',
          className,
        )}
        data-testid={testId ?? 'read-button'}
      >
        <Icon name="book" className="size-5" />
      </button>
    )
  return (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      onClick={open}
      className={className}
      data-testid={testId ?? 'read-button'}
    >
      <Icon name="book" className="me-1 size-4" />
      {t('ButtonRead')}
    </Button>
  )
}
