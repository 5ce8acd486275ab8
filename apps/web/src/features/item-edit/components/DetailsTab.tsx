import type { Book, FilterData } from '@shelfcast/contracts'
import { useState, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ChipsInput, TextField, Toggle } from '@/components/ui/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateMedia, type EditableItem } from '../api.ts'
import {
  detailsChanges,
  detailsProblem,
  formFromBook,
  type DetailsForm,
  type DetailsProblem,
} from '../model/details-form.ts'
import { SeriesEditor } from './SeriesEditor.tsx'
import { TabActions } from './TabActions.tsx'

const problemKeys: Record<DetailsProblem, string> = {
  'Title is required': 'ToastTitleRequired',
  'Series sequence cannot contain spaces': 'ToastSeriesSequenceSpaces',
  'Cannot add two series with the same name': 'ToastSeriesDuplicate',
}

/** Every field of a book's metadata and its tags; saves only what changed. */
export function DetailsTab({ item, onClose }: { item: EditableItem; onClose: () => void }) {
  const { t } = useTranslation()
  const book = item.media as Book
  const filterData = useLibraryDetail(item.libraryId).data?.filterdata
  // The form as last saved: what the next save is compared with.
  const [saved, setSaved] = useState(() => formFromBook(book))
  const [form, setForm] = useState(saved)
  const update = useUpdateMedia(item.id)
  const set = <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const problem = detailsProblem(form)

  const save = async (close: boolean) => {
    if (problem) {
      toast.error(t(problemKeys[problem]))
      return
    }
    const body = detailsChanges(saved, form)
    if (!body) {
      toast.info(t('ToastNoUpdatesNecessary'))
      if (close) onClose()
      return
    }
    try {
      const answer = await update.mutateAsync(body)
      const next = formFromBook(answer.libraryItem.media as Book)
      setSaved(next)
      setForm(next)
      // The server compares too: what differed only in ways it ignores is no update.
      if (answer.updated) toast.success(t('ToastItemUpdated'))
      else toast.info(t('ToastNoUpdatesNecessary'))
      if (close) onClose()
    } catch (error) {
      console.error('[item-edit] update failed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="edit-details"
      onSubmit={(event) => {
        event.preventDefault()
        void save(false)
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('LabelTitle')}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          error={problem === 'Title is required' ? t('ToastTitleRequired') : null}
          data-testid="edit-title"
        />
        <TextField
          label={t('LabelSubtitle')}
          value={form.subtitle}
          onChange={(e) => set('subtitle', e.target.value)}
        />
        <NameChips
          label={t('LabelAuthors')}
          value={form.authors.map((a) => a.name)}
          suggestions={filterData?.authors.map((a) => a.name)}
          onChange={(names) =>
            set(
              'authors',
              names.map((name) => authorValue(name, form.authors, filterData)),
            )
          }
          testId="edit-authors"
        />
        <NameChips
          label={t('LabelNarrators')}
          value={form.narrators}
          suggestions={filterData?.narrators}
          onChange={(names) => set('narrators', names)}
          testId="edit-narrators"
        />
      </div>
      <SeriesEditor
        value={form.series}
        onChange={(series) => set('series', series)}
        suggestions={filterData?.series ?? []}
        problem={problem === 'Title is required' ? null : problem && t(problemKeys[problem])}
      />
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
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('LabelPublishYear')}
          value={form.publishedYear}
          inputMode="numeric"
          onChange={(e) => set('publishedYear', e.target.value)}
        />
        <TextField
          label={t('LabelPublisher')}
          value={form.publisher}
          onChange={(e) => set('publisher', e.target.value)}
        />
        <TextField
          label={t('LabelLanguage')}
          value={form.language}
          onChange={(e) => set('language', e.target.value)}
        />
        <TextField label={t('LabelISBN')} value={form.isbn} onChange={(e) => set('isbn', e.target.value)} />
        <TextField label={t('LabelASIN')} value={form.asin} onChange={(e) => set('asin', e.target.value)} />
      </div>
      <TextArea
        label={t('LabelDescription')}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        rows={5}
      />
      <div className="flex flex-wrap gap-6">
        <Toggle
          label={t('LabelExplicit')}
          checked={form.explicit}
          onChange={(v) => set('explicit', v)}
          testId="edit-explicit"
        />
        <Toggle
          label={t('LabelAbridged')}
          checked={form.abridged}
          onChange={(v) => set('abridged', v)}
          testId="edit-abridged"
        />
      </div>
      <TabActions>
        <Button
          type="button"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => void save(true)}
          data-testid="edit-save-close"
        >
          {t('ButtonSaveAndClose')}
        </Button>
        <Button type="submit" loading={update.isPending} data-testid="edit-save">
          {t('ButtonSave')}
        </Button>
      </TabActions>
    </form>
  )
}

/** An author typed by name keeps the id it had, or takes the library's author of that name. */
function authorValue(name: string, current: DetailsForm['authors'], filterData: FilterData | undefined) {
  const known = current.find((a) => a.name === name) ?? filterData?.authors.find((a) => a.name === name)
  return known?.id ? { id: known.id, name } : { name }
}

function NameChips({
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

function TextArea({ label, ...rest }: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
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
