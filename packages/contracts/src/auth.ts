import { z } from 'zod'
import { EreaderDevice } from './email.ts'
import { ServerSettings } from './entities/server-settings.ts'
import { User } from './entities/user.ts'
import { LoginUsername, usernameSchema } from './rules/username.ts'
import { messages } from './rules/messages.ts'

export const StatusResponse = z.object({
  app: z.literal('audiobookshelf'),
  serverVersion: z.string(),
  isInit: z.boolean(),
  language: z.string(),
  authMethods: z.array(z.string()),
  authFormData: z.record(z.string(), z.unknown()),
  /** Only before the first run, so the setup page can show where data will live. */
  ConfigPath: z.string().optional(),
  MetadataPath: z.string().optional(),
})
export type StatusResponse = z.infer<typeof StatusResponse>

/** Passwords are bounded so a hash of a huge body cannot be used to burn CPU. */
export const Password = z.string({ error: 'Password must be text' }).max(1024, 'Password is too long')

export const InitRequest = z.object({
  newRoot: z.object({
    username: usernameSchema('Must enter a root username'),
    password: Password.default(''),
  }),
})
export type InitRequest = z.infer<typeof InitRequest>

export const LoginRequest = z.object({
  username: LoginUsername,
  password: Password.default(''),
})
export type LoginRequest = z.infer<typeof LoginRequest>

/** Answer of /login, /auth/refresh and /api/authorize. */
export const LoginResponse = z.object({
  user: User,
  userDefaultLibraryId: z.string().nullable(),
  serverSettings: ServerSettings,
  ereaderDevices: z.array(EreaderDevice),
  Source: z.string(),
})
export type LoginResponse = z.infer<typeof LoginResponse>

export const ChangePasswordRequest = z
  .object({
    password: Password.default(''),
    newPassword: Password.default(''),
  })
  .refine((v) => v.password !== v.newPassword || v.newPassword === '', {
    message: messages.newPasswordSameAsOld,
  })
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>

export const LogoutResponse = z.object({ redirect_url: z.string().nullable() })
export type LogoutResponse = z.infer<typeof LogoutResponse>

/** Claims carried by our JWTs. `type` keeps access tokens and API keys apart. */
export const AccessTokenClaims = z.object({
  type: z.literal('access'),
  userId: z.string(),
  username: z.string(),
  sessionId: z.string(),
})
export const ApiKeyClaims = z.object({
  type: z.literal('api'),
  keyId: z.string(),
})

/** One login session of the caller (a device signed in: its refresh-token lineage), for `/api/me/sessions`. */
export const LoginSession = z.object({
  id: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  expiresAt: z.number(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Read from the User-Agent by the server (known names only); null when it names none. */
  browserName: z.string().nullable(),
  osName: z.string().nullable(),
  /** The session the request was made with (revoking it signs this device out). */
  isCurrent: z.boolean(),
})
export type LoginSession = z.infer<typeof LoginSession>

export const LoginSessionsPage = z.object({
  total: z.number(),
  numPages: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
  sessions: z.array(LoginSession),
})
export type LoginSessionsPage = z.infer<typeof LoginSessionsPage>
