import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon } from '@/components/ui/index.ts'
import { toggleInList } from '../model/user-form.ts'

/** Chosen tags as removable chips, plus a field (with the library's tags as suggestions) to add more. */
export function TagPicker({
  value,
  onChange,
  suggestions,
  label,
}: {
  value: readonly string[]
  onChange: (tags: string[]) => void
  suggestions: readonly string[]
  label: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState('')
  const add = () => {
    const tag = text.trim()
    if (!tag) return
    onChange(toggleInList(value, tag, true))
    setText('')
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-raised py-0.5 pe-1 ps-3 text-sm"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(toggleInList(value, tag, false))}
                aria-label={t('ButtonRemoveTag', { tag })}
                className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg"
              >
                <Icon name="close" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          list={`${id}-suggestions`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            add()
          }}
          placeholder={t('LabelAddTagPlaceholder')}
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-bg px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions
            .filter((s) => !value.includes(s))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
        <Button variant="secondary" onClick={add} disabled={!text.trim()}>
          {t('ButtonAdd')}
        </Button>
      </div>
    </div>
  )
}
