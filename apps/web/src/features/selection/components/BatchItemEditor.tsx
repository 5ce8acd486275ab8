import type { LibraryItem } from '@shelfcast/contracts'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { CoverImage, Icon, coverAspectRatio } from '@/components/ui/index.ts'
import { useItemCoverUrl } from '@/features/browse/index.ts'
import { mappableFields, type BatchBookFields } from '../model/batch-edit.ts'
import { BookFieldsEditor, type EditableField, type FieldSuggestions } from './BookFieldsEditor.tsx'

/** A card edits the title too; the rest are the fields apply-to-all can set, in the same order. */
const itemFields: readonly EditableField[] = ['title', ...mappableFields]

const COVER_WIDTH = 96

/** One book's card on the batch page; memoised so typing in one card leaves the others alone. */
export const BatchItemEditor = memo(function BatchItemEditor({
  item,
  value,
  squareCovers,
  suggestions,
  onChange,
  onRemove,
}: {
  item: LibraryItem
  value: BatchBookFields
  squareCovers: boolean
  suggestions: FieldSuggestions
  onChange: (id: string, patch: Partial<BatchBookFields>) => void
  onRemove: (id: string) => void
}) {
  const { t } = useTranslation()
  const coverUrl = useItemCoverUrl(item, COVER_WIDTH)
  const title = value.title || t('LabelNoTitle')
  return (
    <article
      className="relative flex gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm"
      data-testid="batch-item"
      data-item-id={item.id}
      aria-label={title}
    >
      <div className="hidden shrink-0 sm:block">
        <CoverImage
          src={coverUrl}
          title={title}
          author={value.authors[0] ?? null}
          aspectRatio={coverAspectRatio(squareCovers)}
          width={COVER_WIDTH}
          invalidLabel={t('LabelInvalidCover')}
          className="rounded-md shadow"
        />
      </div>
      <div className="min-w-0 flex-1">
        <BookFieldsEditor
          value={value}
          onChange={(patch) => onChange(item.id, patch)}
          fields={itemFields}
          suggestions={suggestions}
          testId={`batch-${item.id}`}
        />
      </div>
      <button
        type="button"
        onClick={() => onRemove(item.id)}
        aria-label={t('ButtonRemoveFromBatch', { title })}
        title={t('ButtonRemoveFromBatch', { title })}
        className="absolute top-2 end-2 flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface-raised hover:text-fg"
      >
        <Icon name="close" className="size-4" />
      </button>
    </article>
  )
})
