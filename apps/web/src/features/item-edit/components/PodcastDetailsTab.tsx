import { useTranslation } from 'react-i18next'
import { SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { useLibraryDetail } from '@/features/libraries/index.ts'
import type { EditablePodcast } from '../api.ts'
import { useMediaForm } from '../hooks/useMediaForm.ts'
import {
  formFromPodcast,
  podcastDetailsChanges,
  type PodcastDetailsForm,
} from '../model/podcast-details-form.ts'
import { DetailsFormShell, GenresAndTags, SaveActions, TextArea, TitleField } from './details-fields.tsx'

/** One-line text fields of the lower grid. */
const plainFields: {
  key: 'language' | 'releaseDate' | 'itunesId' | 'itunesArtistId'
  labelKey: string
  testId?: string
}[] = [
  { key: 'language', labelKey: 'LabelLanguage', testId: 'edit-language' },
  { key: 'releaseDate', labelKey: 'LabelReleaseDate' },
  { key: 'itunesId', labelKey: 'LabelItunesId', testId: 'edit-itunes-id' },
  { key: 'itunesArtistId', labelKey: 'LabelItunesArtistId' },
]

/** A podcast's metadata (feed URL, type, explicit, language, iTunes ids) and tags; saves only what changed. */
export function PodcastDetailsTab({ item, onClose }: { item: EditablePodcast; onClose: () => void }) {
  const { t } = useTranslation()
  const filterData = useLibraryDetail(item.libraryId).data?.filterdata
  const { form, set, save, pending } = useMediaForm(
    item,
    {
      load: (media) => formFromPodcast(media),
      body: podcastDetailsChanges,
      problem: (f) => (f.title.trim() ? null : t('ToastTitleRequired')),
    },
    onClose,
  )
  const titleMissing = !form.title.trim()

  return (
    <DetailsFormShell onSubmit={() => void save(false)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TitleField
          value={form.title}
          onChange={(title) => set('title', title)}
          error={titleMissing ? t('ToastTitleRequired') : null}
        />
        <TextField
          label={t('LabelAuthor')}
          value={form.author}
          onChange={(e) => set('author', e.target.value)}
          data-testid="edit-podcast-author"
        />
      </div>
      <TextField
        label={t('LabelFeedUrl')}
        value={form.feedUrl}
        type="url"
        onChange={(e) => set('feedUrl', e.target.value)}
        data-testid="edit-feed-url"
      />
      <GenresAndTags form={form} set={set} filterData={filterData} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('LabelPodcastType')}
          value={form.type}
          onChange={(e) => set('type', e.target.value as PodcastDetailsForm['type'])}
          options={[
            { value: 'episodic', label: t('LabelEpisodic') },
            { value: 'serial', label: t('LabelSerial') },
          ]}
          data-testid="edit-podcast-type"
        />
        {plainFields.map((field) => (
          <TextField
            key={field.key}
            label={t(field.labelKey)}
            value={form[field.key]}
            onChange={(e) => set(field.key, e.target.value)}
            data-testid={field.testId}
          />
        ))}
      </div>
      <TextArea
        label={t('LabelDescription')}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        rows={5}
      />
      <Toggle
        label={t('LabelExplicit')}
        checked={form.explicit}
        onChange={(v) => set('explicit', v)}
        testId="edit-explicit"
      />
      <SaveActions pending={pending} onSaveAndClose={() => void save(true)} />
    </DetailsFormShell>
  )
}
