import type { FeedEpisode, PodcastEpisode, UpdateEpisodeRequest } from '@shelfcast/contracts'
import { episodeTypes } from '@shelfcast/contracts/client'

export type EpisodeType = (typeof episodeTypes)[number]

/** The episode edit form's fields, as the inputs hold them (text; the date as a datetime-local value). */
export interface EpisodeForm {
  title: string
  subtitle: string
  season: string
  episode: string
  episodeType: EpisodeType
  /** `yyyy-MM-ddTHH:mm` in local time, or '' for no date. */
  pubDate: string
  description: string
  /** Carried over from a feed match (not shown as fields). */
  guid: string | null
  enclosure: PodcastEpisode['enclosure']
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A datetime-local input value for an epoch-ms time (local time, minutes). */
export function toLocalInput(epochMs: number | null): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return ''
  const d = new Date(epochMs)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Epoch ms of a datetime-local value (local time), or null when empty or invalid. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? ms : null
}

const asType = (value: string | null): EpisodeType =>
  (episodeTypes as readonly string[]).includes(value ?? '') ? (value as EpisodeType) : 'full'

export function episodeToForm(episode: PodcastEpisode): EpisodeForm {
  return {
    title: episode.title,
    subtitle: episode.subtitle ?? '',
    season: episode.season ?? '',
    episode: episode.episode ?? '',
    episodeType: asType(episode.episodeType),
    pubDate: toLocalInput(episode.publishedAt),
    description: episode.description ?? '',
    guid: episode.guid,
    enclosure: episode.enclosure,
  }
}

/** A feed match's fields written over the form (empty feed fields keep what the form had). */
export function applyFeedEpisode(form: EpisodeForm, feed: FeedEpisode): EpisodeForm {
  return {
    title: feed.title || form.title,
    subtitle: feed.subtitle ?? form.subtitle,
    season: feed.season ?? form.season,
    episode: feed.episode ?? form.episode,
    episodeType: feed.episodeType,
    pubDate: feed.publishedAt !== null ? toLocalInput(feed.publishedAt) : form.pubDate,
    description: feed.description ?? form.description,
    guid: feed.guid ?? form.guid,
    enclosure: feed.enclosure,
  }
}

const orNull = (text: string) => (text.trim() ? text.trim() : null)

/**
 * The PATCH body of what the form changed, or null when nothing changed (no request: "No updates
 * necessary"). A changed date sends both the epoch ms and an RFC 822 pubDate, as feeds write it.
 */
export function episodeUpdateBody(form: EpisodeForm, episode: PodcastEpisode): UpdateEpisodeRequest | null {
  const body: UpdateEpisodeRequest = {}
  const title = form.title.trim()
  if (title !== episode.title) body.title = title
  const texts = [
    ['subtitle', form.subtitle],
    ['season', form.season],
    ['episode', form.episode],
  ] as const
  for (const [key, value] of texts) {
    if (orNull(value) !== (episode[key] ?? null)) body[key] = orNull(value)
  }
  // The description keeps its markup and spacing as typed.
  const description = form.description.trim() ? form.description : null
  if (description !== (episode.description ?? null)) body.description = description
  if (form.episodeType !== asType(episode.episodeType)) body.episodeType = form.episodeType
  const publishedAt = fromLocalInput(form.pubDate)
  if (form.pubDate !== toLocalInput(episode.publishedAt)) {
    body.publishedAt = publishedAt
    body.pubDate = publishedAt === null ? null : new Date(publishedAt).toUTCString()
  }
  if (form.guid !== episode.guid) body.guid = form.guid
  if (JSON.stringify(form.enclosure) !== JSON.stringify(episode.enclosure)) body.enclosure = form.enclosure
  return Object.keys(body).length > 0 ? body : null
}

/** The ids before and after `id` in the table's order (null at the ends, or when it is not listed). */
export function neighbourIds(
  ids: readonly string[],
  id: string,
): { previous: string | null; next: string | null } {
  const at = ids.indexOf(id)
  if (at < 0) return { previous: null, next: null }
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null }
}
