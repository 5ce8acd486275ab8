import type { Selectable } from 'kysely'
import { z } from 'zod'
import type { LibraryItemsTable, PodcastEpisodesTable } from './schema.ts'

/**
 * Item and episode rows as the database holds them, and the readers of their JSON columns: what the scanner
 * writes and the API's JSON builders read, so neither depends on the other.
 */

/** What an item row needs from its join tables to become API JSON. */
export interface ItemRelations {
  authors: { id: string; name: string }[]
  series: { id: string; name: string; sequence: string | null }[]
}

export type ItemRow = Selectable<LibraryItemsTable>
export type EpisodeRow = Selectable<PodcastEpisodesTable>

/** A row read for minified JSON: the file lists may be left out when their count comes along. */
export type MinifiedItemRow = ItemRow & { num_files?: number }

/** Parses a JSON column with a schema; a damaged value yields the fallback instead of a 500. */
export function jsonColumn<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : fallback
  } catch {
    return fallback
  }
}

/** A JSON array of strings (tags, genres, narrators) without a schema pass: list rows read thousands of them. */
export function stringArrayColumn(text: string | null): string[] {
  if (!text || text === '[]') return []
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** How many entries a JSON array column holds (numFiles), without a schema pass over the entries. */
export function jsonArrayLength(text: string): number {
  if (!text || text === '[]') return 0
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.length : 0
  } catch {
    return 0
  }
}

export const PodcastColumn = z.object({
  author: z.string().nullable().default(null),
  releaseDate: z.string().nullable().default(null),
  feedUrl: z.string().nullable().default(null),
  imageUrl: z.string().nullable().default(null),
  itunesPageUrl: z.string().nullable().default(null),
  itunesId: z.string().nullable().default(null),
  itunesArtistId: z.string().nullable().default(null),
  type: z.enum(['episodic', 'serial']).nullable().default(null),
  autoDownloadEpisodes: z.boolean().default(false),
  autoDownloadSchedule: z.string().nullable().default(null),
  lastEpisodeCheck: z.number().default(0),
  maxEpisodesToKeep: z.number().default(0),
  maxNewEpisodesToDownload: z.number().default(3),
})
export type PodcastColumn = z.infer<typeof PodcastColumn>
/** A podcast row whose column is missing or damaged reads as these settings. */
export const defaultPodcastColumn = PodcastColumn.parse({})
