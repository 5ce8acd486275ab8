import { z } from 'zod'

/** `?ext=` of POST /api/libraries/:id/remove-metadata: which metadata file to remove from the item folders. */
export const RemoveMetadataQuery = z.object({
  ext: z.enum(['json', 'abs'], { message: 'ext must be json or abs' }),
})
export type RemoveMetadataQuery = z.infer<typeof RemoveMetadataQuery>

/** Audiobookshelf's answer: how many files were found in the item folders and how many were deleted. */
export const RemoveMetadataResponse = z.object({ found: z.number(), removed: z.number() })
export type RemoveMetadataResponse = z.infer<typeof RemoveMetadataResponse>

/** Longest series name accepted (longer ones are refused, not cut). */
export const SERIES_NAME_MAX = 1000

/** Control characters (tabs and new lines too): never part of a name. */
const CONTROL = /\p{Cc}/u

/** PATCH /api/series/:id: a new name (a library's series names stay distinct) and/or description. */
export const UpdateSeriesRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Series name is required')
      .max(SERIES_NAME_MAX, `Series name is longer than ${SERIES_NAME_MAX} characters`)
      .refine((s) => !CONTROL.test(s), 'Series name has control characters')
      .optional(),
    description: z.string().max(100_000, 'Description is too long').nullable().optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.description !== undefined,
    'Nothing to change: send name or description',
  )
export type UpdateSeriesRequest = z.input<typeof UpdateSeriesRequest>
