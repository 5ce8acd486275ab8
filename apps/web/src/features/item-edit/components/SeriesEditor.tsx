import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon } from '@/components/ui/index.ts'
import type { SeriesValue } from '../model/details-form.ts'

const inputClass =
  'h-10 min-w-0 rounded-lg border border-border bg-bg px-3 text-sm text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30'

/** The book's series: a name (the library's series offered while typing) and a sequence per row. */
export function SeriesEditor({
  value,
  onChange,
  suggestions,
  problem,
}: {
  value: SeriesValue[]
  onChange: (value: SeriesValue[]) => void
  suggestions: readonly { id: string; name: string }[]
  /** A series rule the rows break (spec §5), shown under them. */
  problem: string | null
}) {
  const { t } = useTranslation()
  const listId = useId()
  const change = (index: number, patch: Partial<SeriesValue>) =>
    onChange(value.map((s, i) => (i === index ? { ...s, ...patch } : s)))
  const rename = (index: number, name: string) => {
    // A name of the library's series takes its id; a new name creates a series on save.
    const known = suggestions.find((s) => s.name === name)
    onChange(
      value.map((s, i) =>
        i !== index
          ? s
          : known
            ? { id: known.id, name, sequence: s.sequence }
            : { name, sequence: s.sequence },
      ),
    )
  }
  const names = value.map((s) => s.name.toLowerCase())

  return (
    <fieldset className="flex flex-col gap-2" data-testid="edit-series">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('LabelSeries')}</legend>
      {value.map((series, index) => (
        <div key={index} className="flex items-center gap-2">
          <input
            aria-label={t('LabelSeries')}
            value={series.name}
            list={listId}
            onChange={(e) => rename(index, e.target.value)}
            className={`${inputClass} flex-1`}
          />
          <input
            aria-label={t('LabelSequence')}
            placeholder={t('LabelSequence')}
            value={series.sequence}
            onChange={(e) => change(index, { sequence: e.target.value })}
            aria-invalid={/\s/.test(series.sequence.trim()) || undefined}
            className={`${inputClass} w-24 aria-invalid:border-error`}
          />
          <button
            type="button"
            onClick={() => onChange(value.filter((_, i) => i !== index))}
            aria-label={t('ButtonRemoveSeries', { name: series.name })}
            className="rounded-lg p-2 text-muted hover:bg-surface-raised hover:text-fg"
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
      <datalist id={listId}>
        {suggestions
          .filter((s) => !names.includes(s.name.toLowerCase()))
          .slice(0, 200)
          .map((s) => (
            <option key={s.id} value={s.name} />
          ))}
      </datalist>
      {problem && <p className="text-xs text-error">{problem}</p>}
      <div>
        <Button
          type="button"
          variant="ghost"
          onClick={() => onChange([...value, { name: '', sequence: '' }])}
        >
          <Icon name="add" className="size-4" />
          {t('ButtonAddSeries')}
        </Button>
      </div>
    </fieldset>
  )
}
