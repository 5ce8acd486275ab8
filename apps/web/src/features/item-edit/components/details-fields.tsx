import type { FilterData } from '@shelfcast/contracts'
import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ChipsInput, TextField } from '@/components/ui/index.ts'
import { TabActions } from './TabActions.tsx'

/** The details tab's form: Enter or Save submits. */
export function DetailsFormShell({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="flex flex-col gap-4"
      data-testid="edit-details"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}

/** The title, required. */
export function TitleField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (title: string) => void
  error: string | null
}) {
  const { t } = useTranslation()
  return (
    <TextField
      label={t('LabelTitle')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      data-testid="edit-title"
    />
  )
}

/** A list of names (authors, genres, tags) as chips, with the library's values as suggestions. */
export function NameChips({
  label,
  value,
  suggestions,
  onChange,
  testId,
}: {
  label: string
  value: string[]
  suggestions: readonly string[] | undefined
  onChange: (value: string[]) => void
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <ChipsInput
      label={label}
      value={value}
      onChange={onChange}
      suggestions={suggestions}
      placeholder={t('LabelTypeToAdd')}
      removeLabel={(name) => t('ButtonRemoveEntry', { name })}
      testId={testId}
    />
  )
}

/** The genres and tags of an item, side by side, suggesting the library's. */
export function GenresAndTags({
  form,
  set,
  filterData,
}: {
  form: { genres: string[]; tags: string[] }
  set: (key: 'genres' | 'tags', names: string[]) => void
  filterData: FilterData | undefined
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NameChips
        label={t('LabelGenres')}
        value={form.genres}
        suggestions={filterData?.genres}
        onChange={(names) => set('genres', names)}
        testId="edit-genres"
      />
      <NameChips
        label={t('LabelTags')}
        value={form.tags}
        suggestions={filterData?.tags}
        onChange={(names) => set('tags', names)}
        testId="edit-tags"
      />
    </div>
  )
}

export function TextArea({
  label,
  ...rest
}: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
      {label}
      <textarea
        className="rounded-lg border border-border bg-bg px-3 py-2 text-sm font-normal text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        {...rest}
      />
    </label>
  )
}

/** 'Save and close' and 'Save' (the form's submit) at the bottom of a details form. */
export function SaveActions({ pending, onSaveAndClose }: { pending: boolean; onSaveAndClose: () => void }) {
  const { t } = useTranslation()
  return (
    <TabActions>
      <Button
        type="button"
        variant="secondary"
        disabled={pending}
        onClick={onSaveAndClose}
        data-testid="edit-save-close"
      >
        {t('ButtonSaveAndClose')}
      </Button>
      <Button type="submit" loading={pending} data-testid="edit-save">
        {t('ButtonSave')}
      </Button>
    </TabActions>
  )
}
