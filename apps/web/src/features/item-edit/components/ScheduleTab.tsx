import { useTranslation } from 'react-i18next'
import { Button, TextField } from '@/components/ui/index.ts'
import {
  cronErrorKeys,
  ScheduleEditor,
  type ScheduleLabelKeys,
  type ScheduleTestIds,
} from '@/features/config-libraries/index.ts'
import { useCheckNewEpisodes } from '@/features/podcasts/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import type { EditablePodcast } from '../api.ts'
import { useMediaForm } from '../hooks/useMediaForm.ts'
import { scheduleBody, scheduleFormFromPodcast, scheduleProblem } from '../model/podcast-schedule.ts'
import { TabActions } from './TabActions.tsx'

const labelKeys: ScheduleLabelKeys = {
  enabled: 'LabelAutoDownloadEpisodes',
  enabledHelp: 'MessageAutoDownloadEpisodesHelp',
  interval: 'LabelCheckInterval',
}

const testIds: ScheduleTestIds = {
  enabled: 'schedule-auto-download',
  interval: 'schedule-frequency',
  time: 'schedule-time',
  cron: 'schedule-cron',
}

/**
 * A podcast's auto download (spec §5, admin): on/off, how often the feed is checked (the §9 presets, a
 * daily or weekly time, or a 5-field cron), how many episodes to keep and to take per check; Check now.
 */
export function ScheduleTab({ item }: { item: EditablePodcast }) {
  const { t } = useTranslation()
  const { form, set, save, pending, error } = useMediaForm(item, {
    load: (media) => scheduleFormFromPodcast(media),
    body: (saved, edited) => scheduleBody(edited, saved),
    problem: (f) => {
      const problem = scheduleProblem(f)
      if (!problem) return null
      return t(problem === 'maxEpisodes' ? 'ToastInvalidMaxEpisodesToDownload' : cronErrorKeys[problem])
    },
  })
  const checkNew = useCheckNewEpisodes(item.id)
  const problem = scheduleProblem(form)
  // The server's own word on a schedule it refused (e.g. one that runs too often).
  const serverError = isApiError(error) && error.status === 400 ? error.message : undefined

  const check = () =>
    checkNew.mutate(undefined, {
      onSuccess: (answer) =>
        answer.episodes.length > 0
          ? toast.success(t('ToastNewEpisodesQueued', { count: answer.episodes.length }))
          : toast.info(t('ToastNoNewEpisodes')),
      onError: (error) => toast.error(`${t('ToastFailedToCheckEpisodes')}: ${errorMessage(error, t)}`),
    })

  return (
    <form
      className="flex flex-col gap-5"
      data-testid="edit-schedule"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <ScheduleEditor
        schedule={form.autoDownload ? form.schedule : null}
        onChange={(schedule) => {
          set('autoDownload', schedule !== null)
          if (schedule) set('schedule', schedule)
        }}
        error={serverError}
        labelKeys={labelKeys}
        testIds={testIds}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('LabelMaxEpisodesToKeep')}
          hint={t('MessageMaxEpisodesToKeepHelp')}
          value={form.maxEpisodesToKeep}
          inputMode="numeric"
          onChange={(e) => set('maxEpisodesToKeep', e.target.value)}
          data-testid="schedule-max-keep"
        />
        <TextField
          label={t('LabelMaxNewEpisodesToDownload')}
          hint={t('MessageMaxNewEpisodesHelp')}
          value={form.maxNewEpisodesToDownload}
          inputMode="numeric"
          onChange={(e) => set('maxNewEpisodesToDownload', e.target.value)}
          error={problem === 'maxEpisodes' ? t('ToastInvalidMaxEpisodesToDownload') : null}
          data-testid="schedule-max-new"
        />
      </div>
      <TabActions>
        <Button
          type="button"
          variant="secondary"
          className="me-auto"
          onClick={check}
          loading={checkNew.isPending}
          data-testid="schedule-check-now"
        >
          {t('ButtonCheckNow')}
        </Button>
        <Button type="submit" loading={pending} data-testid="schedule-save">
          {t('ButtonSave')}
        </Button>
      </TabActions>
    </form>
  )
}
