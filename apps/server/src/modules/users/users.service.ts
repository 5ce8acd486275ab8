import crypto from 'node:crypto'
import {
  defaultPermissions,
  normalizeUsername,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserType,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { hashPassword } from './passwords.ts'
import { isAdmin, outranks, toUserJson, toUserSummary, type UserRecord } from './users.model.ts'
import type { UsersRepository } from './users.repository.ts'

export const EMPTY_PASSWORD_MESSAGE = 'Must have a password, only root user can have an empty password'
export const GUEST_PASSWORD_MESSAGE = 'Guest accounts cannot change their password'

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
  constructor(deps: { repo: UsersRepository; realtime: Realtime; clock: Clock; revokeSessions: RevokeSessions }) {
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
    return candidates.find((u) => u.username === username) ?? candidates.find((u) => u.username === normalized) ?? null
  }
  list() {
    return this.repo.list()
  }
  hasRoot() {
    return this.repo.hasRoot()
  }

  async createRoot(username: string, password: string): Promise<UserRecord> {
    if (await this.repo.hasRoot()) throw badRequest('Server is already initialized')
    const user = this.newRecord(username, 'root', password === '' ? null : await hashPassword(password))
    try {
      await this.repo.insert(user)
    } catch {
      // The unique index on root makes a concurrent second /init fail here.
      throw badRequest('Server is already initialized')
    }
    return user
  }

  async create(actor: UserRecord, req: CreateUserRequest): Promise<UserRecord> {
    this.assertMayManage(actor, req.type)
    if (req.password === '') throw badRequest(EMPTY_PASSWORD_MESSAGE)
    if ((await this.repo.findByUsernameKey(req.username)).length > 0) throw conflict('Username already taken')
    const user = this.newRecord(req.username, req.type, await hashPassword(req.password))
    user.email = req.email ?? null
    user.isActive = req.isActive
    user.permissions = { ...defaultPermissions(req.type), ...req.permissions }
    user.librariesAccessible = req.librariesAccessible ?? []
    user.itemTagsSelected = req.itemTagsSelected ?? []
    try {
      await this.repo.insert(user)
    } catch {
      throw conflict('Username already taken')
    }
    this.realtime.toAdmins('user_added', toUserJson(user))
    return user
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
    if (req.username !== undefined && req.username !== user.username) {
      const others = await this.repo.findByUsernameKey(req.username)
      if (others.some((other) => other.id !== user.id)) throw conflict('Username already taken')
      next.username = req.username
    }
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
    try {
      await this.repo.update(next)
    } catch {
      throw conflict('Username already taken')
    }
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

  touchLastSeen(id: string) {
    return this.repo.touchLastSeen(id, this.clock())
  }

  notifyUpdated(user: UserRecord) {
    this.realtime.refreshUser(user)
    const json = toUserJson(user)
    this.realtime.toUser(user.id, 'user_updated', json)
    this.realtime.toAdmins('user_updated', json)
  }

  /** Admins manage users and guests; only root manages admins. */
  private assertMayManage(actor: UserRecord, targetType: UserType) {
    if (!isAdmin(actor)) throw forbidden('Admin only')
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
