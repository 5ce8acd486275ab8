import { z } from 'zod'
import { LibraryItem } from './entities/library-item.ts'
import { messages } from './rules/messages.ts'

/**
 * Editing items: PATCH /api/items/:id/media, POST /api/items/:id/chapters, deletes and batch updates,
 * following Audiobookshelf's shapes. Messages are the spec's (§5).
 */

const text = (max = 1000) => z.string().max(max).nullable().optional()
const names = z.array(z.string().trim().min(1).max(500)).max(500)
const person = z.object({
  id: z.string().max(100).optional(),
  name: z.string().trim().min(1, messages.nameRequired).max(500),
})

export const SeriesInput = z.object({
  id: z.string().max(100).optional(),
  name: z.string().trim().min(1, messages.nameRequired).max(500),
  sequence: z
    .string()
    .trim()
    .max(50)
    .refine((s) => !/\s/.test(s), messages.seriesSequenceSpaces)
    .nullable()
    .optional(),
})

export const BookMetadataInput = z
  .object({
    title: z.string().trim().min(1, messages.titleRequired).max(1000),
    subtitle: text(),
    authors: z.array(person).max(200),
    narrators: names,
    series: z.array(SeriesInput).max(100),
    genres: names,
    publishedYear: text(20),
    publishedDate: text(50),
    publisher: text(),
    description: text(100_000),
    isbn: text(50),
    asin: text(50),
    language: text(100),
    explicit: z.boolean(),
    abridged: z.boolean(),
  })
  .partial()
  .superRefine((m, ctx) => {
    const seen = new Set<string>()
    for (const s of m.series ?? []) {
      const key = s.name.toLowerCase()
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['series'],
          message: messages.seriesDuplicate,
        })
      seen.add(key)
    }
  })
export type BookMetadataInput = z.infer<typeof BookMetadataInput>

/** PATCH /api/items/:id/media (books): any subset of the metadata, and the tags. */
export const UpdateBookMediaRequest = z.object({
  metadata: BookMetadataInput.optional(),
  tags: names.optional(),
})
export type UpdateBookMediaRequest = z.infer<typeof UpdateBookMediaRequest>

export const UpdateMediaResponse = z.object({ updated: z.boolean(), libraryItem: LibraryItem })
export type UpdateMediaResponse = z.infer<typeof UpdateMediaResponse>

/** POST /api/items/:id/chapters; ends are recomputed from the next start (the last ends at the duration). */
export const UpdateChaptersRequest = z.object({
  chapters: z
    .array(
      z.object({
        id: z.number().int().optional(),
        start: z.number().min(0),
        end: z.number().min(0).optional(),
        title: z.string().max(1000),
      }),
    )
    .max(5000),
})
export type UpdateChaptersRequest = z.infer<typeof UpdateChaptersRequest>

export const UpdateChaptersResponse = z.object({ success: z.boolean(), updated: z.boolean() })
export type UpdateChaptersResponse = z.infer<typeof UpdateChaptersResponse>

/** The most audio files one track order may name (a book of 10,000 tracks is far past any real one). */
export const MAX_TRACK_ORDER_FILES = 10_000

/**
 * PATCH /api/items/:id/tracks: a book's audio files in the play order wanted, each by its ino, `exclude` to leave
 * it out of playback. Files not named keep their order after the named ones. Kept across rescans.
 */
export const UpdateTracksRequest = z.object({
  orderedFileData: z
    .array(z.object({ ino: z.string().min(1).max(100), exclude: z.boolean().optional() }))
    .min(1, 'No files given')
    .max(MAX_TRACK_ORDER_FILES),
})
export type UpdateTracksRequest = z.infer<typeof UpdateTracksRequest>

/** GET /api/items/:id/ffprobe/:fileid: ffprobe's JSON of one audio file as ffprobe printed it. */
export const FfprobeResponse = z.record(z.string(), z.unknown())
export type FfprobeResponse = z.infer<typeof FfprobeResponse>

/** The biggest batch one request may name (batch actions on 1,000 items are a target). */
export const MAX_BATCH_ITEMS = 10_000

/** POST /api/items/batch/delete (`?hard=1` also removes the files). */
export const BatchDeleteRequest = z.object({
  libraryItemIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_BATCH_ITEMS),
})
export type BatchDeleteRequest = z.infer<typeof BatchDeleteRequest>

/** POST /api/items/batch/update: one media payload per item. */
export const BatchUpdateRequest = z
  .array(z.object({ id: z.string().min(1).max(100), mediaPayload: UpdateBookMediaRequest }))
  .min(1)
  .max(MAX_BATCH_ITEMS)
export type BatchUpdateRequest = z.infer<typeof BatchUpdateRequest>

export const BatchUpdateResponse = z.object({ success: z.boolean(), updates: z.number() })
export type BatchUpdateResponse = z.infer<typeof BatchUpdateResponse>
