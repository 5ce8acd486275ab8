import { useTranslation } from 'react-i18next'
import { Icon, cn } from '@/components/ui/index.ts'
import type { BookshelfView } from './ItemCard.tsx'
import { canGrow, canShrink, stepCoverSize } from '../model/cover-size.ts'

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg border border-border bg-surface text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-40'

/** Smaller / larger covers (bookshelfCoverSize). */
export function CoverSizeControl({ size, onChange }: { size: number; onChange: (size: number) => void }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('LabelCoverSize')}>
      <button
        type="button"
        className={iconButton}
        aria-label={t('ButtonSmallerCovers')}
        title={t('ButtonSmallerCovers')}
        disabled={!canShrink(size)}
        onClick={() => onChange(stepCoverSize(size, -1))}
      >
        <Icon name="zoomOut" className="size-4" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t('ButtonLargerCovers')}
        title={t('ButtonLargerCovers')}
        disabled={!canGrow(size)}
        onClick={() => onChange(stepCoverSize(size, 1))}
      >
        <Icon name="zoomIn" className="size-4" />
      </button>
    </div>
  )
}

/** Standard (covers) or detail (covers with title and caption). */
export function ViewToggle({
  view,
  onChange,
}: {
  view: BookshelfView
  onChange: (view: BookshelfView) => void
}) {
  const { t } = useTranslation()
  const options: { view: BookshelfView; icon: 'grid' | 'detailGrid'; labelKey: string }[] = [
    { view: 'standard', icon: 'grid', labelKey: 'LabelViewStandard' },
    { view: 'detail', icon: 'detailGrid', labelKey: 'LabelViewDetail' },
  ]
  return (
    <div
      className="flex rounded-lg border border-border bg-surface p-0.5"
      role="group"
      aria-label={t('LabelBookshelfView')}
    >
      {options.map((option) => (
        <button
          key={option.view}
          type="button"
          aria-pressed={view === option.view}
          aria-label={t(option.labelKey)}
          title={t(option.labelKey)}
          onClick={() => onChange(option.view)}
          className={cn(
            'inline-flex size-8.5 items-center justify-center rounded-md transition',
            view === option.view ? 'bg-primary/15 text-primary' : 'text-muted hover:text-fg',
          )}
        >
          <Icon name={option.icon} className="size-4" />
        </button>
      ))}
    </div>
  )
}
