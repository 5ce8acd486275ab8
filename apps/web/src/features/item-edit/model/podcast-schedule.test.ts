import { podcastCronPresets } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { parseCron, scheduleToCron } from '@/features/config-libraries/index.ts'
import {
  DEFAULT_PODCAST_CRON,
  scheduleBody,
  scheduleFormFromPodcast,
  scheduleProblem,
  type PodcastScheduleForm,
} from './podcast-schedule.ts'

const podcast = {
  autoDownloadEpisodes: true,
  autoDownloadSchedule: '30 6 * * 1,3',
  maxEpisodesToKeep: 0,
  maxNewEpisodesToDownload: 3,
}

describe('podcast schedule cron', () => {
  it('reads every spec preset back as that preset, and builds it again', () => {
    for (const preset of podcastCronPresets) {
      const schedule = parseCron(preset.cron)
      expect(schedule).toEqual({ kind: 'preset', expression: preset.cron })
      expect(scheduleToCron(schedule)).toBe(preset.cron)
    }
  })

  it('round-trips a daily and a weekly time', () => {
    expect(parseCron('15 4 * * *')).toEqual({ kind: 'daily', hour: 4, minute: 15 })
    expect(scheduleToCron({ kind: 'daily', hour: 4, minute: 15 })).toBe('15 4 * * *')
    const weekly = { kind: 'weekly' as const, hour: 6, minute: 30, weekdays: [1 as const, 3 as const] }
    expect(scheduleToCron(weekly)).toBe('30 6 * * 1,3')
    expect(parseCron('30 6 * * 1,3')).toEqual(weekly)
  })
})

describe('podcast schedule form', () => {
  it('loads the podcast, with the hourly default when it has no schedule', () => {
    expect(scheduleFormFromPodcast(podcast)).toEqual({
      autoDownload: true,
      schedule: { kind: 'weekly', hour: 6, minute: 30, weekdays: [1, 3] },
      maxEpisodesToKeep: '0',
      maxNewEpisodesToDownload: '3',
    })
    expect(scheduleFormFromPodcast({ ...podcast, autoDownloadSchedule: null }).schedule).toEqual(
      parseCron(DEFAULT_PODCAST_CRON),
    )
  })

  it('sends all four fields, keeping the saved schedule while auto download is off', () => {
    const saved = scheduleFormFromPodcast(podcast)
    const edited: PodcastScheduleForm = {
      ...saved,
      schedule: { kind: 'preset', expression: '0 */6 * * *' },
      maxEpisodesToKeep: ' 10 ',
    }
    expect(scheduleBody(edited, saved)).toEqual({
      autoDownloadEpisodes: true,
      autoDownloadSchedule: '0 */6 * * *',
      maxEpisodesToKeep: 10,
      maxNewEpisodesToDownload: 3,
    })
    expect(scheduleBody({ ...edited, autoDownload: false }, saved).autoDownloadSchedule).toBe('30 6 * * 1,3')
  })

  it('refuses counts that are not whole numbers from 0, and bad cron only while on', () => {
    const form = scheduleFormFromPodcast(podcast)
    expect(scheduleProblem(form)).toBeNull()
    expect(scheduleProblem({ ...form, maxEpisodesToKeep: '-1' })).toBe('maxEpisodes')
    expect(scheduleProblem({ ...form, maxNewEpisodesToDownload: '2.5' })).toBe('maxEpisodes')
    expect(scheduleProblem({ ...form, maxNewEpisodesToDownload: '' })).toBe('maxEpisodes')
    const bad: PodcastScheduleForm = { ...form, schedule: { kind: 'custom', expression: '0 * * *' } }
    expect(scheduleProblem(bad)).toBe('fields')
    expect(scheduleProblem({ ...bad, autoDownload: false })).toBeNull()
    expect(scheduleProblem({ ...form, schedule: { kind: 'weekly', hour: 1, minute: 0, weekdays: [] } })).toBe(
      'weekdays',
    )
  })
})
