import crypto from 'node:crypto'
import {
  outranks,
  isAdminOrUp,
  defaultPermissions,
  normalizeUsername,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserType,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { hashPassword } from './passwords.ts'
import { toUserJson, toUserSummary, type UserRecord } from './users.model.ts'
import { isUniqueViolation, type UsersRepository } from './users.repository.ts'

export const EMPTY_PASSWORD_MESSAGE = 'Must have a password, only root user can have an empty password'
export const GUEST_PASSWORD_MESSAGE = 'Guest accounts cannot change their password'
export const USERNAME_TAKEN_MESSAGE = 'Username already taken'
const ALREADY_INITIALISED_MESSAGE = 'Server is already initialized'

/** Guests are shared accounts (as in Audiobookshelf): one guest must not lock the others out. */
export function assertMayChangeOwnPassword(user: Pick<UserRecord, 'type'>) {
  if (user.type === 'guest') throw forbidden(GUEST_PASSWORD_MESSAGE)
}

/** Ends every login session of a user (all but one when given), and their sockets. */
export type RevokeSessions = (userId: string, keepSessionId?: string) => Promise<void>

export class UsersService {
  private readonly repo: UsersRepository
  private readonly realtime: Realtime
  private readonly clock: Clock
  private readonly revokeSessions: RevokeSessions
  constructor(deps: {
    repo: UsersRepository
    realtime: Realtime
    clock: Clock
    revokeSessions: RevokeSessions
  }) {
    this.repo = deps.repo
    this.realtime = deps.realtime
    this.clock = deps.clock
    this.revokeSessions = deps.revokeSessions
  }

  get(id: string) {
    return this.repo.findById(id)
  }
  /**
   * The account a typed name means: the one with the same key (look-alike forms and case beyond
   * ASCII are one name). Names stored before that rule may share a key; then only the exact name counts.
   */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const candidates = await this.repo.findByUsernameKey(username)
    if (candidates.length <= 1) return candidates[0] ?? null
    const normalized = normalizeUsername(username)
    return (
      candidates.find((u) => u.username === username) ??
      candidates.find((u) => u.username === normalized) ??
      null
    )
  }
  list() {
    return this.repo.list()
  }
  hasRoot() {
    return this.repo.hasRoot()
  }

  async createRoot(username: string, password: string): Promise<UserRecord> {
    if (await this.repo.hasRoot()) throw badRequest(ALREADY_INITIALISED_MESSAGE)
    const user = this.newRecord(username, 'root', password === '' ? null : await hashPassword(password))
    // Asked again in the transaction: a concurrent /init may have made the root while this one hashed.
    await this.writeUnlessNameTaken(
      user,
      (tx) => tx.insert(user),
      async (tx) => {
        if (await tx.hasRoot()) throw badRequest(ALREADY_INITIALISED_MESSAGE)
      },
    )
    return user
  }

  async create(actor: UserRecord, req: CreateUserRequest): Promise<UserRecord> {
    this.assertMayManage(actor, req.type)
    if (req.password === '') throw badRequest(EMPTY_PASSWORD_MESSAGE)
    if ((await this.repo.findByUsernameKey(req.username)).length > 0) throw conflict(USERNAME_TAKEN_MESSAGE)
    const user = this.newRecord(req.username, req.type, await hashPassword(req.password))
    user.email = req.email ?? null
    user.isActive = req.isActive
    user.permissions = { ...defaultPermissions(req.type), ...req.permissions }
    user.librariesAccessible = req.librariesAccessible ?? []
    user.itemTagsSelected = req.itemTagsSelected ?? []
    await this.writeUnlessNameTaken(user, (tx) => tx.insert(user))
    this.realtime.toAdmins('user_added', toUserJson(user))
    return user
  }

  /** The account linked to an OpenID subject. */
  findByOpenIDSub(sub: string) {
    return this.repo.findByOpenIDSub(sub)
  }
  /** Accounts with this email (case-insensitive): a first OpenID sign-in may match one. */
  findByEmail(email: string) {
    return this.repo.findByEmail(email)
  }

  /** Links (or, with null, unlinks) an account and an OpenID subject; admins hear of it. */
  async setOpenIDLink(id: string, sub: string | null): Promise<UserRecord> {
    await this.repo.setOpenIDSub(id, sub)
    const user = await this.repo.findById(id)
    if (!user) throw notFound('User not found')
    this.realtime.toAdmins('user_updated', toUserJson(user))
    return user
  }

  /**
   * An account made by a first OpenID sign-in (auto-register): it signs in through the provider (an admin
   * may give it a password), its name the provider's, made unique with a number when taken.
   */
  async createFromOpenID(input: {
    username: string
    email: string | null
    type: UserType
    sub: string
    permissions?: Partial<UserRecord['permissions']>
    librariesAccessible?: string[]
    itemTagsSelected?: string[]
  }): Promise<UserRecord> {
    const base = input.username.slice(0, 60) || 'user'
    // A random password no one knows: a null hash would mean the empty password (root only).
    const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'))
    for (let n = 0; n < 50; n++) {
      const username = n === 0 ? base : `${base}${n + 1}`
      if ((await this.repo.findByUsernameKey(username)).length > 0) continue
      const user = this.newRecord(username, input.type, passwordHash)
      user.email = input.email
      user.openidSub = input.sub
      user.permissions = { ...defaultPermissions(input.type), ...input.permissions }
      user.librariesAccessible = input.librariesAccessible ?? []
      user.itemTagsSelected = input.itemTagsSelected ?? []
      try {
        await this.writeUnlessNameTaken(user, (tx) => tx.insert(user))
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) continue
        throw err
      }
      this.realtime.toAdmins('user_added', toUserJson(user))
      return user
    }
    throw conflict(USERNAME_TAKEN_MESSAGE)
  }

  /** Saves what an OpenID sign-in's claims say of an account: its type and a non-admin's permissions. */
  async applyOpenIDClaims(
    user: UserRecord,
    change: Partial<Pick<UserRecord, 'type' | 'permissions' | 'librariesAccessible' | 'itemTagsSelected'>>,
  ): Promise<UserRecord> {
    const next = { ...user, ...change, updatedAt: this.clock() }
    if (JSON.stringify(next) === JSON.stringify({ ...user, updatedAt: next.updatedAt })) return user
    await this.repo.update(next)
    this.realtime.toAdmins('user_updated', toUserJson(next))
    return next
  }

  async update(actor: UserRecord, id: string, req: UpdateUserRequest): Promise<UserRecord> {
    const user = await this.repo.findById(id)
    if (!user) throw notFound('User not found')
    const editingSelf = actor.id === user.id
    if (!editingSelf) this.assertMayManage(actor, user.type)
    if (req.type !== undefined && req.type !== user.type) {
      if (user.type === 'root' || req.type === 'root') throw forbidden('The root account type cannot change')
      if (editingSelf) throw forbidden('You cannot change your own account type')
      this.assertMayManage(actor, req.type)
    }
    if (editingSelf && req.isActive === false) throw forbidden('You cannot disable your own account')
    if (user.type === 'root' && req.isActive === false) throw forbidden('The root account cannot be disabled')
    const next: UserRecord = { ...user, permissions: { ...user.permissions } }
    let revoke = false
    const renamed = req.username !== undefined && req.username !== user.username
    if (req.username !== undefined) next.username = req.username
    if (req.password !== undefined) {
      if (req.password === '' && user.type !== 'root') throw badRequest(EMPTY_PASSWORD_MESSAGE)
      next.passwordHash = req.password === '' ? null : await hashPassword(req.password)
      revoke = true
    }
    if (req.email !== undefined) next.email = req.email
    if (req.type !== undefined) next.type = req.type
    if (req.isActive !== undefined) {
      next.isActive = req.isActive
      if (!req.isActive) revoke = true
    }
    if (req.permissions) next.permissions = { ...next.permissions, ...req.permissions }
    if (req.librariesAccessible) next.librariesAccessible = req.librariesAccessible
    if (req.itemTagsSelected) next.itemTagsSelected = req.itemTagsSelected
    next.updatedAt = this.clock()
    if (renamed) await this.writeUnlessNameTaken(next, (tx) => tx.update(next, true))
    else await this.repo.update(next)
    if (revoke) await this.revokeSessions(user.id)
    this.notifyUpdated(next)
    return next
  }

  async delete(actor: UserRecord, id: string): Promise<void> {
    const user = await this.repo.findById(id)
    if (!user) throw notFound('User not found')
    if (user.type === 'root') throw forbidden('The root account cannot be deleted')
    if (user.id === actor.id) throw forbidden('You cannot delete your own account')
    this.assertMayManage(actor, user.type)
    await this.revokeSessions(user.id)
    await this.repo.delete(user.id)
    this.realtime.toAdmins('user_removed', toUserSummary(user))
  }

  /** Changes the caller's own password; other login sessions end, this one stays. */
  async changeOwnPassword(user: UserRecord, newPassword: string, keepSessionId: string | undefined) {
    assertMayChangeOwnPassword(user)
    if (newPassword === '' && user.type !== 'root') throw badRequest(EMPTY_PASSWORD_MESSAGE)
    const next: UserRecord = {
      ...user,
      passwordHash: newPassword === '' ? null : await hashPassword(newPassword),
      updatedAt: this.clock(),
    }
    await this.repo.update(next)
    await this.revokeSessions(user.id, keepSessionId)
  }

  /** Hides a series from the user's Continue Series shelf, or shows it again; their sockets hear `user_updated`. */
  async setSeriesHiddenFromContinueListening(
    userId: string,
    seriesId: string,
    hidden: boolean,
  ): Promise<UserRecord> {
    const user = await this.repo.findById(userId)
    if (!user) throw notFound('User not found')
    const others = user.seriesHideFromContinueListening.filter((id) => id !== seriesId)
    const next: UserRecord = {
      ...user,
      seriesHideFromContinueListening: hidden ? [...others, seriesId] : others,
      updatedAt: this.clock(),
    }
    await this.repo.update(next)
    this.notifyUpdated(next)
    return next
  }

  touchLastSeen(id: string) {
    return this.repo.touchLastSeen(id, this.clock())
  }

  notifyUpdated(user: UserRecord) {
    this.realtime.refreshUser(user)
    const json = toUserJson(user)
    this.realtime.toUser(user.id, 'user_updated', json)
    this.realtime.toAdmins('user_updated', json)
  }

  /**
   * Writes an account whose name is new to it, in one transaction with the look-up of the name's key, so
   * of two concurrent writes of one name the second is a 409. The key's unique index is the backstop for
   * a writer outside this process.
   */
  private writeUnlessNameTaken(
    user: UserRecord,
    write: (tx: UsersRepository) => Promise<void>,
    check?: (tx: UsersRepository) => Promise<void>,
  ): Promise<void> {
    return this.repo.transaction(async (tx) => {
      await check?.(tx)
      const holders = await tx.findByUsernameKey(user.username)
      if (holders.some((holder) => holder.id !== user.id)) throw conflict(USERNAME_TAKEN_MESSAGE)
      try {
        await write(tx)
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN_MESSAGE)
        throw err
      }
    })
  }

  /** Admins manage users and guests; only root manages admins. */
  private assertMayManage(actor: UserRecord, targetType: UserType) {
    if (!isAdminOrUp(actor.type)) throw forbidden('Admin only')
    if (targetType === 'root' || (!outranks(actor.type, targetType) && actor.type !== 'root')) {
      throw forbidden('Only the root user can manage admin accounts')
    }
  }

  private newRecord(username: string, type: UserType, passwordHash: string | null): UserRecord {
    const now = this.clock()
    return {
      id: crypto.randomUUID(),
      username,
      email: null,
      passwordHash,
      type,
      isActive: true,
      isLocked: false,
      permissions: defaultPermissions(type),
      librariesAccessible: [],
      itemTagsSelected: [],
      seriesHideFromContinueListening: [],
      createdAt: now,
      updatedAt: now,
      lastSeen: null,
    }
  }
}
