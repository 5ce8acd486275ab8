import { z } from 'zod'

export { defaultPermissions } from './user-values.ts'

/** Account types, lowest to highest. Root is the single first-run account. */
export const userTypes = ['guest', 'user', 'admin', 'root'] as const
export const UserType = z.enum(userTypes)
export type UserType = z.infer<typeof UserType>

export const UserPermissions = z.object({
  download: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  upload: z.boolean(),
  createEreader: z.boolean(),
  accessAllLibraries: z.boolean(),
  accessAllTags: z.boolean(),
  accessExplicitContent: z.boolean(),
  /** When true, itemTagsSelected lists tags the user may NOT see; otherwise the tags they may see. */
  selectedTagsNotAccessible: z.boolean(),
})
export type UserPermissions = z.infer<typeof UserPermissions>

export const MediaProgress = z.object({
  id: z.string(),
  userId: z.string(),
  libraryItemId: z.string(),
  episodeId: z.string().nullable(),
  mediaItemId: z.string(),
  mediaItemType: z.enum(['book', 'podcastEpisode']),
  duration: z.number(),
  progress: z.number(),
  currentTime: z.number(),
  isFinished: z.boolean(),
  hideFromContinueListening: z.boolean(),
  ebookLocation: z.string().nullable(),
  ebookProgress: z.number().nullable(),
  lastUpdate: z.number(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
})
export type MediaProgress = z.infer<typeof MediaProgress>

export const Bookmark = z.object({
  libraryItemId: z.string(),
  title: z.string(),
  time: z.number(),
  createdAt: z.number(),
})
export type Bookmark = z.infer<typeof Bookmark>

/** The user as the API returns it. Never carries a password hash. */
export const User = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  type: UserType,
  isActive: z.boolean(),
  isLocked: z.boolean(),
  lastSeen: z.number().nullable(),
  createdAt: z.number(),
  permissions: UserPermissions,
  librariesAccessible: z.array(z.string()),
  itemTagsSelected: z.array(z.string()),
  mediaProgress: z.array(MediaProgress),
  bookmarks: z.array(Bookmark),
  seriesHideFromContinueListening: z.array(z.string()),
  hasOpenIDLink: z.boolean(),
  /** Present on login, refresh and authorize answers only. */
  accessToken: z.string().optional(),
  /**
   * Audiobookshelf's older apps authenticate with `user.token`: on login, refresh, authorize and /api/me it is
   * the access token the caller holds (never a token it did not already have).
   */
  token: z.string().optional(),
  /** On login and refresh: the refresh token when the client asked for tokens in the body
   * (x-return-tokens / x-refresh-token), else null (it is in the httpOnly cookie). Authorize sends neither
   * this nor `accessToken`, like Audiobookshelf: the caller keeps the token it sent. */
  refreshToken: z.string().nullable().optional(),
})
export type User = z.infer<typeof User>

/** What other users (admin lists, online users) see of an account. */
export const UserSummary = User.pick({
  id: true,
  username: true,
  type: true,
  isActive: true,
  lastSeen: true,
  createdAt: true,
})
export type UserSummary = z.infer<typeof UserSummary>
