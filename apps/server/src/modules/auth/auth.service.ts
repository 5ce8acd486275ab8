import crypto from 'node:crypto'
import type { LoginSessionsPage } from '@shelfcast/contracts'
import type { Config } from '../../config/config.ts'
import type { Clock } from '../../clock.ts'
import { HttpError, unauthorized } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ApiKeysRepository } from '../api-keys/api-keys.repository.ts'
import { parseUserAgent } from '../playback/user-agent.ts'
import { burnVerifyTime, verifyPassword } from '../users/passwords.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { UsersService } from '../users/users.service.ts'
import type { SessionsRepository } from './sessions.repository.ts'
import { hashRefreshToken, newRefreshToken, type TokenSigner } from './tokens.ts'

/** Who a request acts as, and through which credential. */
export interface AuthContext {
  user: UserRecord
  via: 'access' | 'api-key'
  sessionId: string | null
  apiKeyId: string | null
}

export interface IssuedTokens {
  user: UserRecord
  sessionId: string
  accessToken: string
  refreshToken: string
  /** How long the refresh token (and its cookie) lives, in seconds. */
  refreshTokenExpirySec: number
}

/** Token lifetimes in seconds, read for every token issued (the Security settings, env by default). */
export interface TokenLifetimes {
  accessTokenExpiry: number
  refreshTokenExpiry: number
}

export interface ClientMeta {
  ip: string | null
  userAgent: string | null
}

const INVALID_LOGIN = 'Invalid username or password'
/** Rotations followed within one grace window before giving up (a client refreshing in a loop). */
const MAX_LINEAGE_HOPS = 20

export class AuthService {
  private readonly config: Config
  private readonly clock: Clock
  private readonly signer: TokenSigner
  private readonly sessions: SessionsRepository
  private readonly apiKeys: ApiKeysRepository
  private readonly users: UsersService
  private readonly realtime: Realtime
  private readonly lifetimes: () => Promise<TokenLifetimes>
  constructor(deps: {
    config: Config
    clock: Clock
    signer: TokenSigner
    sessions: SessionsRepository
    apiKeys: ApiKeysRepository
    users: UsersService
    realtime: Realtime
    /** Without it: the environment's lifetimes (config). */
    lifetimes?: () => Promise<TokenLifetimes>
  }) {
    this.config = deps.config
    this.clock = deps.clock
    this.signer = deps.signer
    this.sessions = deps.sessions
    this.apiKeys = deps.apiKeys
    this.users = deps.users
    this.realtime = deps.realtime
    this.lifetimes =
      deps.lifetimes ??
      (() =>
        Promise.resolve({
          accessTokenExpiry: deps.config.accessTokenExpirySec,
          refreshTokenExpiry: deps.config.refreshTokenExpirySec,
        }))
  }

  /** Checks a password login. Unknown users cost the same time as known ones. */
  async checkCredentials(username: string, password: string): Promise<UserRecord> {
    const user = await this.users.findByUsername(username)
    if (!user) {
      await burnVerifyTime(password)
      throw unauthorized(INVALID_LOGIN)
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_LOGIN)
    if (!user.isActive || user.isLocked) throw unauthorized('Your account is disabled')
    return user
  }

  async login(user: UserRecord, meta: ClientMeta): Promise<IssuedTokens> {
    const now = this.clock()
    const sessionId = crypto.randomUUID()
    const refreshToken = newRefreshToken()
    const lifetimes = await this.lifetimes()
    await this.sessions.createSession({
      id: sessionId,
      userId: user.id,
      now,
      expiresAt: now + lifetimes.refreshTokenExpiry * 1000,
      ip: meta.ip,
      userAgent: meta.userAgent,
      tokenHash: hashRefreshToken(refreshToken),
    })
    return {
      user,
      sessionId,
      refreshToken,
      accessToken: await this.issueAccessToken(user, sessionId, lifetimes),
      refreshTokenExpirySec: lifetimes.refreshTokenExpiry,
    }
  }

  private issueAccessToken(user: UserRecord, sessionId: string, lifetimes: TokenLifetimes) {
    return this.signer.signAccess(
      { userId: user.id, username: user.username, sessionId },
      lifetimes.accessTokenExpiry,
    )
  }

  /**
   * Rotates a refresh token. A token rotated within the grace window still works (tabs that
   * refresh together) and answers the current token of the same lineage, not a second successor;
   * one presented after it is a replay, so the whole session ends.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const now = this.clock()
    const oldHash = hashRefreshToken(refreshToken)
    const row = await this.sessions.findRefreshToken(oldHash)
    if (!row || row.expiresAt <= now) throw new HttpError(401, 'Invalid refresh token', { asJson: true })
    if (row.replacedAt !== null && now - row.replacedAt > this.config.refreshTokenGraceSec * 1000) {
      const session = await this.sessions.findSession(row.sessionId)
      await this.sessions.deleteSession(row.sessionId)
      if (session) this.realtime.disconnectUser(session.userId)
      throw new HttpError(401, 'Refresh token reuse detected; please log in again', { asJson: true })
    }
    const session = await this.sessions.findSession(row.sessionId)
    if (!session || session.expiresAt <= now)
      throw new HttpError(401, 'Invalid refresh token', { asJson: true })
    const user = await this.users.get(session.userId)
    if (!user || !user.isActive || user.isLocked) {
      await this.sessions.deleteSession(session.id)
      throw new HttpError(401, 'Invalid refresh token', { asJson: true })
    }
    const successor = this.signer.successorOf(refreshToken)
    const lifetimes = await this.lifetimes()
    await this.sessions.rotate({
      oldHash,
      newHash: hashRefreshToken(successor),
      sessionId: session.id,
      now,
      expiresAt: now + lifetimes.refreshTokenExpiry * 1000,
    })
    const current = await this.currentOfLineage(successor, session.id)
    return {
      user,
      sessionId: session.id,
      refreshToken: current,
      accessToken: await this.issueAccessToken(user, session.id, lifetimes),
      refreshTokenExpirySec: lifetimes.refreshTokenExpiry,
    }
  }

  /**
   * The current token of a lineage, starting from a successor: a token replaced again meanwhile (a
   * second tab that refreshed within the grace window) leads on to its own successor, so every
   * refresh inside the window answers the same token, never a fork.
   */
  private async currentOfLineage(start: string, sessionId: string): Promise<string> {
    let token = start
    for (let hop = 0; hop < MAX_LINEAGE_HOPS; hop++) {
      const row = await this.sessions.findRefreshToken(hashRefreshToken(token))
      if (!row || row.sessionId !== sessionId) break
      if (row.replacedAt === null) return token
      token = this.signer.successorOf(token)
    }
    throw new HttpError(401, 'Invalid refresh token', { asJson: true })
  }

  /** Resolves a bearer token (access JWT or API key) to a live user, or null. */
  async authenticate(token: string): Promise<AuthContext | null> {
    const claims = await this.signer.verify(token)
    if (!claims) return null
    const now = this.clock()
    if (claims.type === 'access') {
      const session = await this.sessions.findSession(claims.sessionId)
      if (!session || session.expiresAt <= now || session.userId !== claims.userId) return null
      const user = await this.users.get(claims.userId)
      if (!user || !user.isActive || user.isLocked) return null
      return { user, via: 'access', sessionId: session.id, apiKeyId: null }
    }
    const key = await this.apiKeys.findById(claims.keyId)
    if (!key || !key.isActive || (key.expiresAt !== null && key.expiresAt <= now)) return null
    const user = await this.users.get(key.userId)
    if (!user || !user.isActive || user.isLocked) return null
    await this.apiKeys.touchLastUsed(key.id, now)
    return { user, via: 'api-key', sessionId: null, apiKeyId: key.id }
  }

  async logout(sessionId: string | null, userId: string | null, allDevices: boolean) {
    if (allDevices && userId) {
      await this.sessions.deleteUserSessions(userId)
      this.realtime.disconnectUser(userId)
    } else if (sessionId) {
      await this.sessions.deleteSession(sessionId)
    }
  }

  /** Finds the session a refresh token belongs to (for logout by cookie). */
  async sessionOfRefreshToken(refreshToken: string) {
    const row = await this.sessions.findRefreshToken(hashRefreshToken(refreshToken))
    return row ? this.sessions.findSession(row.sessionId) : null
  }

  async revokeUserSessions(userId: string, keepSessionId?: string) {
    await this.sessions.deleteUserSessions(userId, keepSessionId)
    this.realtime.disconnectUser(userId, keepSessionId)
  }

  /** The user's devices signed in (`/api/me/sessions`); `currentSessionId` is the caller's own. */
  async loginSessions(
    userId: string,
    currentSessionId: string | null,
    page: number,
    itemsPerPage: number,
  ): Promise<LoginSessionsPage> {
    const { total, rows } = await this.sessions.userSessionsPage(userId, this.clock(), page, itemsPerPage)
    return {
      total,
      numPages: Math.ceil(total / itemsPerPage),
      page,
      itemsPerPage,
      sessions: rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        expiresAt: r.expires_at,
        ip: r.ip,
        userAgent: r.user_agent,
        ...deviceNames(r.user_agent),
        isCurrent: r.id === currentSessionId,
      })),
    }
  }

  /**
   * Signs one of the user's devices out: the session row goes (its refresh tokens with it, and its access
   * tokens fail authentication from the next request) and its sockets are disconnected.
   */
  async revokeLoginSession(userId: string, sessionId: string): Promise<boolean> {
    if (!(await this.sessions.deleteSessionOf(userId, sessionId))) return false
    this.realtime.disconnectLoginSession(sessionId)
    return true
  }

  pruneExpired() {
    return this.sessions.prune(this.clock())
  }
}

/** The browser and system a login session's User-Agent names (known names only). */
function deviceNames(userAgent: string | null) {
  const facts = parseUserAgent(userAgent)
  return { browserName: facts.browserName, osName: facts.osName }
}
