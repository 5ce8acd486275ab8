import type { FilterData } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { TextField, Toggle } from '@/components/ui/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import type { EditableBook } from '../api.ts'
import { useMediaForm } from '../hooks/useMediaForm.ts'
import {
  detailsChanges,
  detailsProblem,
  formFromBook,
  type DetailsForm,
  type DetailsProblem,
} from '../model/details-form.ts'
import {
  DetailsFormShell,
  GenresAndTags,
  NameChips,
  SaveActions,
  TextArea,
  TitleField,
} from './details-fields.tsx'
import { SeriesEditor } from './SeriesEditor.tsx'

const problemKeys: Record<DetailsProblem, string> = {
  titleRequired: 'ToastTitleRequired',
  seriesSequenceSpaces: 'ToastSeriesSequenceSpaces',
  seriesDuplicate: 'ToastSeriesDuplicate',
}

/** Every field of a book's metadata and its tags; saves only what changed. */
export function DetailsTab({ item, onClose }: { item: EditableBook; onClose: () => void }) {
  const { t } = useTranslation()
  const filterData = useLibraryDetail(item.libraryId).data?.filterdata
  const { form, set, save, pending } = useMediaForm(
    item,
    {
      load: (media) => formFromBook(media),
      body: detailsChanges,
      problem: (f) => {
        const problem = detailsProblem(f)
        return problem && t(problemKeys[problem])
      },
    },
    onClose,
  )
  const problem = detailsProblem(form)

  return (
    <DetailsFormShell onSubmit={() => void save(false)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TitleField
          value={form.title}
          onChange={(title) => set('title', title)}
          error={problem === 'titleRequired' ? t('ToastTitleRequired') : null}
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
        problem={problem === 'titleRequired' ? null : problem && t(problemKeys[problem])}
      />
      <GenresAndTags form={form} set={set} filterData={filterData} />
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
      <SaveActions pending={pending} onSaveAndClose={() => void save(true)} />
    </DetailsFormShell>
  )
}

/** An author typed by name keeps the id it had, or takes the library's author of that name. */
function authorValue(name: string, current: DetailsForm['authors'], filterData: FilterData | undefined) {
  const known = current.find((a) => a.name === name) ?? filterData?.authors.find((a) => a.name === name)
  return known?.id ? { id: known.id, name } : { name }
}
