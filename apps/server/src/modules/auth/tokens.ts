import crypto from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { AccessTokenClaims, ApiKeyClaims } from '@shelfcast/contracts'
import type { z } from 'zod'

type AccessClaims = z.infer<typeof AccessTokenClaims>
type ApiClaims = z.infer<typeof ApiKeyClaims>

/** Verified tokens kept: every request of a client carries the same one until it is refreshed. */
const VERIFIED_TOKENS = 1000

/**
 * Signs and verifies our JWTs. Only HS256 with our own secret is accepted (so `alg: none` and
 * foreign keys fail), and the `type` claim keeps access tokens and API keys from standing in for
 * each other. Refresh tokens are not JWTs at all: they are random and stored hashed.
 */
export class TokenSigner {
  private readonly secret: Uint8Array
  private readonly successorKey: Buffer
  private readonly now: () => number
  /**
   * Tokens whose signature and claims were checked, with the time they stop being valid: an HMAC check per
   * request went through WebCrypto on the thread pool. Only the signature work is saved; sessions, users and
   * keys are still looked up on every request, and expiry is checked against the clock on every hit.
   */
  private readonly verified = new Map<string, { claims: AccessClaims | ApiClaims; validUntilMs: number }>()
  constructor(secret: Uint8Array, now: () => number) {
    this.secret = secret
    // A key of its own for refresh-token successors, so the JWT key is used for nothing else.
    this.successorKey = Buffer.from(
      crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'shelfcast refresh-token successor', 32),
    )
    this.now = now
  }

  /**
   * The refresh token that replaces `token` when it rotates: a keyed hash of it, so the same token
   * always rotates to the same successor. Rotating twice within the grace window (tabs, retries,
   * races) therefore answers one lineage, and no successor is ever stored in plaintext: only whoever
   * holds the old token (and the server key) can compute it.
   */
  successorOf(token: string): string {
    return crypto.createHmac('sha256', this.successorKey).update(token).digest('base64url')
  }

  private nowSec() {
    return Math.floor(this.now() / 1000)
  }

  signAccess(claims: Omit<AccessClaims, 'type'>, expiresInSec: number): Promise<string> {
    return new SignJWT({ ...claims, type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(this.nowSec())
      .setExpirationTime(this.nowSec() + expiresInSec)
      .sign(this.secret)
  }

  signApiKey(keyId: string, expiresAtMs: number | null): Promise<string> {
    const jwt = new SignJWT({ keyId, type: 'api' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(this.nowSec())
    if (expiresAtMs !== null) jwt.setExpirationTime(Math.floor(expiresAtMs / 1000))
    return jwt.sign(this.secret)
  }

  /** Returns the claims of a valid token of either kind, or null. Never throws. */
  async verify(token: string): Promise<AccessClaims | ApiClaims | null> {
    if (token.length > 4096 || token.split('.').length !== 3) return null
    const now = this.now()
    const hit = this.verified.get(token)
    if (hit) {
      if (now < hit.validUntilMs) return hit.claims
      this.verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        currentDate: new Date(now),
      })
      const access = AccessTokenClaims.safeParse(payload)
      const api = access.success ? null : ApiKeyClaims.safeParse(payload)
      const claims = access.success ? access.data : api?.success ? api.data : null
      if (claims) this.remember(token, claims, payload.exp === undefined ? Infinity : payload.exp * 1000)
      return claims
    } catch {
      return null
    }
  }

  private remember(token: string, claims: AccessClaims | ApiClaims, validUntilMs: number) {
    if (this.verified.size >= VERIFIED_TOKENS)
      this.verified.delete(this.verified.keys().next().value as string)
    this.verified.set(token, { claims, validUntilMs })
  }
}

export const newRefreshToken = () => crypto.randomBytes(32).toString('base64url')
export const hashRefreshToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
