/**
 * Renaming and removing tags, genres and narrators across items (Settings > Item Metadata Utils and the
 * narrators page), in Audiobookshelf's shapes. Names in paths are base64 of the UTF-8 name.
 */
import { z } from 'zod'

/** New names are checked by rules/meta-value.ts (messages per issue); the schema only bounds the body. */
const name = z.string().max(100_000)

/** GET /api/tags and /api/genres: `include=count` adds how many items hold each value. */
export const MetaValuesQuery = z.object({ include: z.string().max(200).optional() })
export type MetaValuesQuery = z.infer<typeof MetaValuesQuery>

export const TagsResponse = z.object({
  tags: z.array(z.string()),
  /** With include=count: items holding each tag. */
  counts: z.record(z.string(), z.number()).optional(),
})
export type TagsResponse = z.infer<typeof TagsResponse>

export const GenresResponse = z.object({
  genres: z.array(z.string()),
  /** With include=count: items holding each genre. */
  counts: z.record(z.string(), z.number()).optional(),
})
export type GenresResponse = z.infer<typeof GenresResponse>

export const RenameTagRequest = z.object({ tag: name, newTag: name })
export type RenameTagRequest = z.infer<typeof RenameTagRequest>
export const RenameTagResponse = z.object({ tagMerged: z.boolean(), numItemsUpdated: z.number() })
export type RenameTagResponse = z.infer<typeof RenameTagResponse>

export const RenameGenreRequest = z.object({ genre: name, newGenre: name })
export type RenameGenreRequest = z.infer<typeof RenameGenreRequest>
export const RenameGenreResponse = z.object({ genreMerged: z.boolean(), numItemsUpdated: z.number() })
export type RenameGenreResponse = z.infer<typeof RenameGenreResponse>

export const RemoveMetaValueResponse = z.object({ numItemsUpdated: z.number() })
export type RemoveMetaValueResponse = z.infer<typeof RemoveMetaValueResponse>

export const RenameNarratorRequest = z.object({ name })
export type RenameNarratorRequest = z.infer<typeof RenameNarratorRequest>
export const NarratorChangeResponse = z.object({ updated: z.number() })
export type NarratorChangeResponse = z.infer<typeof NarratorChangeResponse>

/** A base64 name in a path: long enough for the longest allowed name in any script. */
export const base64Param = z.string().min(1).max(4000)
