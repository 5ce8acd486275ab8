import type { LoginResponse } from '@shelfcast/contracts'
import type { AppContext } from '../../context.ts'
import type { UserRecord } from '../users/users.model.ts'

/**
 * The answer of /login, /auth/refresh and /api/authorize. Authorize (`issued: false`) names only the old-style
 * `user.token`, as Audiobookshelf does: no access or refresh token was issued, the caller keeps its own.
 */
export async function buildLoginPayload(
  ctx: Pick<AppContext, 'email' | 'libraries' | 'playback' | 'settings'>,
  user: UserRecord,
  tokens: { accessToken: string; refreshToken?: string },
  { issued = true }: { issued?: boolean } = {},
): Promise<LoginResponse> {
  const libraries = await ctx.libraries.listFor(user)
  const json = await ctx.playback.progress.userJson(user)
  json.token = tokens.accessToken
  if (issued) {
    json.accessToken = tokens.accessToken
    json.refreshToken = tokens.refreshToken ?? null
  }
  return {
    user: json,
    userDefaultLibraryId: libraries[0]?.id ?? null,
    serverSettings: await ctx.settings.getServerSettings(),
    ereaderDevices: await ctx.email.devicesFor(user),
    Source: 'local',
  }
}
