import { z } from 'zod'
import { Password } from './auth.ts'
import { Username } from './rules/username.ts'
import { UserPermissions, UserSummary, UserType } from './entities/user.ts'
import { PlaybackSession, SessionWithUser } from './playback-sessions.ts'
import { messages } from './rules/messages.ts'

const nonRootType = z.enum(['guest', 'user', 'admin'])

export const CreateUserRequest = z.object({
  username: Username,
  password: Password.default(''),
  email: z.string().trim().max(320).nullable().optional(),
  type: nonRootType.default('user'),
  isActive: z.boolean().default(true),
  permissions: UserPermissions.partial().optional(),
  librariesAccessible: z.array(z.string().max(100)).max(1000).optional(),
  itemTagsSelected: z.array(z.string().max(500)).max(1000).optional(),
})
export type CreateUserRequest = z.infer<typeof CreateUserRequest>

export const UpdateUserRequest = z.object({
  username: Username.optional(),
  password: Password.optional(),
  email: z.string().trim().max(320).nullable().optional(),
  type: UserType.optional(),
  isActive: z.boolean().optional(),
  permissions: UserPermissions.partial().optional(),
  librariesAccessible: z.array(z.string().max(100)).max(1000).optional(),
  itemTagsSelected: z.array(z.string().max(500)).max(1000).optional(),
})
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  user: z.object({ id: z.string(), username: z.string(), type: UserType }).nullable(),
  isActive: z.boolean(),
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  createdAt: z.number(),
  createdByUserId: z.string().nullable(),
})
export type ApiKey = z.infer<typeof ApiKey>

/** A key as created: its secret (`apiKey`, a JWT) is in this answer only. */
export const CreatedApiKey = ApiKey.extend({ apiKey: z.string() })
export type CreatedApiKey = z.infer<typeof CreatedApiKey>

export const CreateApiKeyRequest = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(200),
  userId: z.string({ error: messages.userRequired }).min(1, messages.userRequired),
  /** Seconds until the key expires; 0 or absent means it never expires. */
  expiresIn: z
    .number()
    .int()
    .min(0)
    .max(100 * 365 * 24 * 3600)
    .nullable()
    .optional(),
  isActive: z.boolean().default(true),
})
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>

export const UpdateApiKeyRequest = z.object({
  isActive: z.boolean().optional(),
  userId: z.string().min(1).optional(),
})
export type UpdateApiKeyRequest = z.infer<typeof UpdateApiKeyRequest>

/** An online user as admins see it (`/api/users/online`, `user_online` / `user_offline`, the socket's `init`). */
export const OnlineUser = UserSummary.extend({
  online: z.literal(true),
  /** The user's open playback session (the most recently synced), null when none. */
  session: PlaybackSession.nullable(),
  /** Sockets the user has open (in init's and /api/users/online's list). */
  connections: z.number().optional(),
})
export type OnlineUser = z.infer<typeof OnlineUser>

export const OnlineUsersResponse = z.object({
  usersOnline: z.array(OnlineUser),
  /** Every open playback session, with whose it is. */
  openSessions: z.array(SessionWithUser),
})
export type OnlineUsersResponse = z.infer<typeof OnlineUsersResponse>
