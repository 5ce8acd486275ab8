import type { Podcast, PodcastScheduleInput } from '@shelfcast/contracts'
import { podcastCronPresets } from '@shelfcast/contracts/client'
import {
  parseCron,
  scheduleToCron,
  validateSchedule,
  type CronError,
  type Schedule,
} from '@/features/config-libraries/index.ts'

/** A podcast without a schedule checks hourly once auto download is turned on (Audiobookshelf's default). */
export const DEFAULT_PODCAST_CRON = podcastCronPresets.find((p) => p.key === 'EveryHour')!.cron

/** The schedule tab as edited; the numbers stay text until saved (0 = unlimited, spec §5). */
export interface PodcastScheduleForm {
  autoDownload: boolean
  schedule: Schedule
  maxEpisodesToKeep: string
  maxNewEpisodesToDownload: string
}

export function scheduleFormFromPodcast(
  podcast: Pick<
    Podcast,
    'autoDownloadEpisodes' | 'autoDownloadSchedule' | 'maxEpisodesToKeep' | 'maxNewEpisodesToDownload'
  >,
): PodcastScheduleForm {
  return {
    autoDownload: podcast.autoDownloadEpisodes,
    schedule: parseCron(podcast.autoDownloadSchedule?.trim() || DEFAULT_PODCAST_CRON),
    maxEpisodesToKeep: String(podcast.maxEpisodesToKeep),
    maxNewEpisodesToDownload: String(podcast.maxNewEpisodesToDownload),
  }
}

export type ScheduleProblem = CronError | 'maxEpisodes'

const MAX_COUNT = 100_000

function count(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value <= MAX_COUNT ? value : null
}

/** Why the tab cannot be saved (a bad cron only matters while auto download is on), or null. */
export function scheduleProblem(form: PodcastScheduleForm): ScheduleProblem | null {
  if (count(form.maxEpisodesToKeep) === null || count(form.maxNewEpisodesToDownload) === null)
    return 'maxEpisodes'
  return form.autoDownload ? validateSchedule(form.schedule) : null
}

/**
 * The PATCH body: all four fields. Turning auto download off keeps the schedule as it was, so turning it
 * back on restores it. Call only when `scheduleProblem` is null.
 */
export function scheduleBody(form: PodcastScheduleForm, saved: PodcastScheduleForm): PodcastScheduleInput {
  return {
    autoDownloadEpisodes: form.autoDownload,
    autoDownloadSchedule: scheduleToCron(form.autoDownload ? form.schedule : saved.schedule),
    maxEpisodesToKeep: count(form.maxEpisodesToKeep) ?? 0,
    maxNewEpisodesToDownload: count(form.maxNewEpisodesToDownload) ?? 0,
  }
}
