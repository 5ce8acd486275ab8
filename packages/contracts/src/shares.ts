import { z } from 'zod'
import { SlugField } from './rules/slug-field.ts'

export * from './shares-values.ts'

/**
 * Audiobookshelf's MediaItemShare as `toJSONForClient` answers it (`mediaItemShare` of include=share, the
 * create answer). Dates are ISO strings as JSON makes them of Audiobookshelf's Date columns; `expiresAt` null
 * means permanent.
 */
export const MediaItemShare = z.object({
  id: z.string(),
  mediaItemId: z.string(),
  mediaItemType: z.literal('book'),
  slug: z.string(),
  expiresAt: z.string().nullable(),
  isDownloadable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type MediaItemShare = z.infer<typeof MediaItemShare>

/** POST /api/share/mediaitem. `expiresAt` is epoch ms; 0 (or absent) means permanent (§3). */
export const CreateShareRequest = z.object({
  slug: SlugField,
  mediaItemType: z.literal('book', { message: 'Only books can be shared' }),
  mediaItemId: z.string().min(1).max(200),
  expiresAt: z.number().int().min(0).nullable().default(0),
  isDownloadable: z.boolean().default(false),
})
export type CreateShareRequest = z.input<typeof CreateShareRequest>
