import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ChipsInput, TextField, Toggle } from '@/components/ui/index.ts'
import { parseSeriesLabel, seriesLabel, type BatchBookFields } from '../model/batch-edit.ts'

export type EditableField = keyof BatchBookFields

/** Names a library already uses, offered while typing. */
export interface FieldSuggestions {
  authors: readonly string[]
  narrators: readonly string[]
  series: readonly string[]
  genres: readonly string[]
  tags: readonly string[]
}

export interface BookFieldsEditorProps {
  value: BatchBookFields
  onChange: (patch: Partial<BatchBookFields>) => void
  fields: readonly EditableField[]
  suggestions: FieldSuggestions
  /** Wraps each field (the apply-to-all panel puts its checkbox there). */
  frame?: (field: EditableField, node: ReactNode) => ReactNode
  /** Prefix of test ids, to tell the cards apart. */
  testId: string
}

/** The batch page's fields of one book (or of the apply-to-all values), in a responsive grid. */
export function BookFieldsEditor({
  value,
  onChange,
  fields,
  suggestions,
  frame,
  testId,
}: BookFieldsEditorProps) {
  const { t } = useTranslation()
  const removeLabel = (name: string) => t('ButtonRemoveEntry', { name })
  const text = (field: 'title' | 'subtitle' | 'publisher' | 'publishedYear' | 'language', label: string) => (
    <TextField
      label={label}
      value={value[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      data-testid={`${testId}-${field}`}
    />
  )
  const chips = (field: 'authors' | 'narrators' | 'genres' | 'tags', label: string) => (
    <ChipsInput
      label={label}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      suggestions={suggestions[field]}
      removeLabel={removeLabel}
      testId={`${testId}-${field}`}
    />
  )
  const render = (field: EditableField): ReactNode => {
    switch (field) {
      case 'title':
        return text('title', t('LabelTitle'))
      case 'subtitle':
        return text('subtitle', t('LabelSubtitle'))
      case 'publisher':
        return text('publisher', t('LabelPublisher'))
      case 'publishedYear':
        return text('publishedYear', t('LabelPublishYear'))
      case 'language':
        return text('language', t('LabelLanguage'))
      case 'authors':
        return chips('authors', t('LabelAuthors'))
      case 'narrators':
        return chips('narrators', t('LabelNarrators'))
      case 'genres':
        return chips('genres', t('LabelGenres'))
      case 'tags':
        return chips('tags', t('LabelTags'))
      case 'series':
        return (
          <ChipsInput
            label={t('LabelSeries')}
            placeholder={t('LabelSeriesPlaceholder')}
            value={value.series.map(seriesLabel)}
            onChange={(next) => onChange({ series: next.map(parseSeriesLabel).filter((s) => s.name !== '') })}
            suggestions={suggestions.series}
            removeLabel={removeLabel}
            testId={`${testId}-series`}
          />
        )
      case 'explicit':
        return (
          <Toggle
            label={t('LabelExplicit')}
            checked={value.explicit}
            onChange={(explicit) => onChange({ explicit })}
          />
        )
      case 'abridged':
        return (
          <Toggle
            label={t('LabelAbridged')}
            checked={value.abridged}
            onChange={(abridged) => onChange({ abridged })}
          />
        )
    }
  }
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {fields.map((field) => (
        <div key={field} className={field === 'title' || field === 'subtitle' ? 'sm:col-span-2' : undefined}>
          {frame ? frame(field, render(field)) : render(field)}
        </div>
      ))}
    </div>
  )
}
