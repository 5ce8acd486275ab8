import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Icon, cn } from '@/components/ui/index.ts'
import {
  emptyBatchFields,
  mappableFields,
  type BatchBookFields,
  type MappableField,
} from '../model/batch-edit.ts'
import { BookFieldsEditor, type FieldSuggestions } from './BookFieldsEditor.tsx'

export interface ApplyToAllPanelProps {
  suggestions: FieldSuggestions
  onApply: (mapped: BatchBookFields, chosen: ReadonlySet<MappableField>, appendLists: boolean) => void
}

/**
 * "Apply to all": values set here go to every book's card for the fields whose box is ticked (nothing is
 * sent until Save); list fields may be added to each book's own instead of replacing them.
 */
export function ApplyToAllPanel({ suggestions, onApply }: ApplyToAllPanelProps) {
  const { t } = useTranslation()
  const [values, setValues] = useState<BatchBookFields>(emptyBatchFields)
  const [chosen, setChosen] = useState<ReadonlySet<MappableField>>(new Set())
  const [appendLists, setAppendLists] = useState(false)
  const choose = (field: MappableField, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(field)
      else next.delete(field)
      return next
    })
  const isMappable = (field: string): field is MappableField =>
    (mappableFields as readonly string[]).includes(field)

  return (
    // Folded by default: most visits edit books one by one, and the cards should be in view.
    <details
      className="group rounded-xl border border-border bg-surface shadow-sm"
      data-testid="apply-to-all"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl p-4 select-none hover:bg-surface-raised">
        <Icon
          name="chevronRight"
          className="size-5 text-muted transition group-open:rotate-90 rtl:group-open:-rotate-90"
        />
        <span>
          <span className="block text-lg font-semibold text-fg">{t('HeaderApplyToAll')}</span>
          <span className="block text-sm text-muted">{t('MessageApplyToAllHint')}</span>
        </span>
      </summary>
      <div className="px-4 pb-4">
        <BookFieldsEditor
          value={values}
          onChange={(patch) => {
            setValues((current) => ({ ...current, ...patch }))
            // Editing a value means wanting it applied: tick its box.
            for (const field of Object.keys(patch)) if (isMappable(field)) choose(field, true)
          }}
          fields={mappableFields}
          suggestions={suggestions}
          testId="apply"
          frame={(field, node) =>
            isMappable(field) ? (
              <div className={cn('rounded-lg p-2', chosen.has(field) && 'bg-primary/10')}>
                <Checkbox
                  className="mb-1"
                  checked={chosen.has(field)}
                  onChange={(on) => choose(field, on)}
                  label={t('LabelApplyField')}
                />
                {node}
              </div>
            ) : (
              node
            )
          }
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <Checkbox checked={appendLists} onChange={setAppendLists} label={t('LabelAppendToLists')} />
          <Button
            variant="secondary"
            disabled={chosen.size === 0}
            onClick={() => onApply(values, chosen, appendLists)}
            data-testid="apply-to-all-button"
          >
            {t('ButtonApplyToAll')}
          </Button>
        </div>
      </div>
    </details>
  )
}
