import type { PodcastEpisode } from '@shelfcast/contracts'
import { episodeTypes } from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button, SelectField, TextAreaField, TextField } from '@/components/ui/index.ts'
import { itemKeys } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { updateEpisode } from '../episode-api.ts'
import { episodeUpdateBody, type EpisodeForm, type EpisodeType } from '../model/episode-form.ts'

const typeLabelKeys: Record<EpisodeType, string> = {
  full: 'LabelEpisodeTypeFull',
  trailer: 'LabelEpisodeTypeTrailer',
  bonus: 'LabelEpisodeTypeBonus',
}

/**
 * The details tab: title, subtitle, season, episode, type, publication date and description. Save sends
 * only what changed (nothing changed: 'No updates necessary', no request); the server's message is the
 * error toast.
 */
export function EpisodeDetailsForm({
  episode,
  form,
  onChange,
}: {
  episode: PodcastEpisode
  form: EpisodeForm
  onChange: (form: EpisodeForm) => void
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const set = <K extends keyof EpisodeForm>(key: K, value: EpisodeForm[K]) =>
    onChange({ ...form, [key]: value })
  const save = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof episodeUpdateBody>>) =>
      updateEpisode(api, episode.libraryItemId, episode.id, body),
    onSuccess: () => {
      toast.success(t('ToastEpisodeUpdated'))
      // The item page's table and this episode (kept under the item's key) read again.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(episode.libraryItemId) })
    },
    onError: (error) => {
      console.error('[episodes] update failed', error)
      toast.error(errorMessage(error, t, 'ToastFailedToUpdate'))
    },
  })

  const submit = () => {
    if (!form.title.trim()) {
      toast.error(t('ToastTitleRequired'))
      return
    }
    const body = episodeUpdateBody(form, episode)
    if (!body) {
      toast.info(t('ToastNoUpdatesNecessary'))
      return
    }
    save.mutate(body)
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      data-testid="episode-edit-details"
    >
      <TextField
        label={t('LabelTitle')}
        value={form.title}
        onChange={(event) => set('title', event.target.value)}
        data-autofocus
      />
      <TextField
        label={t('LabelSubtitle')}
        value={form.subtitle}
        onChange={(event) => set('subtitle', event.target.value)}
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <TextField
          label={t('LabelSeason')}
          value={form.season}
          onChange={(event) => set('season', event.target.value)}
        />
        <TextField
          label={t('LabelEpisode')}
          value={form.episode}
          onChange={(event) => set('episode', event.target.value)}
        />
        <SelectField
          label={t('LabelEpisodeType')}
          value={form.episodeType}
          options={episodeTypes.map((type) => ({ value: type, label: t(typeLabelKeys[type]) }))}
          onChange={(event) => set('episodeType', event.target.value as EpisodeType)}
        />
        <TextField
          label={t('LabelPubDate')}
          type="datetime-local"
          value={form.pubDate}
          onChange={(event) => set('pubDate', event.target.value)}
        />
      </div>
      <TextAreaField
        label={t('LabelDescription')}
        value={form.description}
        rows={8}
        onChange={(event) => set('description', event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} data-testid="episode-edit-save">
          {t('ButtonSave')}
        </Button>
      </div>
    </form>
  )
}
