import crypto from 'node:crypto'
import type { ApiKey, CreateApiKeyRequest, UpdateApiKeyRequest } from '@shelfcast/contracts'
import { outranks, messages } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest, forbidden, notFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/auth.service.ts'
import type { TokenSigner } from '../auth/tokens.ts'
import { type UserRecord } from '../users/users.model.ts'
import type { UsersService } from '../users/users.service.ts'
import type { ApiKeyRecord, ApiKeysRepository } from './api-keys.repository.ts'

/**
 * API keys act as their user, with that user's rights read live on every request. A request made
 * with an API key can never create or change keys, and an admin may only issue keys for itself or
 * for accounts it outranks.
 */
export class ApiKeysService {
  private readonly repo: ApiKeysRepository
  private readonly users: UsersService
  private readonly signer: TokenSigner
  private readonly clock: Clock
  constructor(deps: { repo: ApiKeysRepository; users: UsersService; signer: TokenSigner; clock: Clock }) {
    this.repo = deps.repo
    this.users = deps.users
    this.signer = deps.signer
    this.clock = deps.clock
  }

  async list(): Promise<ApiKey[]> {
    const [keys, users] = await Promise.all([this.repo.list(), this.users.list()])
    const byId = new Map(users.map((u) => [u.id, u]))
    return keys.map((k) => this.toJson(k, byId.get(k.userId) ?? null))
  }

  async create(auth: AuthContext, req: CreateApiKeyRequest): Promise<ApiKey & { apiKey: string }> {
    this.assertNotViaApiKey(auth)
    const target = await this.targetUser(auth.user, req.userId)
    const now = this.clock()
    const record: ApiKeyRecord = {
      id: crypto.randomUUID(),
      name: req.name,
      userId: target.id,
      createdByUserId: auth.user.id,
      isActive: req.isActive,
      expiresAt: req.expiresIn ? now + req.expiresIn * 1000 : null,
      lastUsedAt: null,
      createdAt: now,
    }
    await this.repo.insert(record)
    // The token is shown once; only its id is stored, so it cannot be shown again.
    return {
      ...this.toJson(record, target),
      apiKey: await this.signer.signApiKey(record.id, record.expiresAt),
    }
  }

  async update(auth: AuthContext, id: string, req: UpdateApiKeyRequest): Promise<ApiKey> {
    this.assertNotViaApiKey(auth)
    const key = await this.repo.findById(id)
    if (!key) throw notFound('API key not found')
    const owner = await this.users.get(key.userId)
    if (owner && owner.id !== auth.user.id) this.assertMayActFor(auth.user, owner)
    const target = req.userId !== undefined ? await this.targetUser(auth.user, req.userId) : owner
    await this.repo.update(id, { isActive: req.isActive, userId: target?.id })
    const next = await this.repo.findById(id)
    if (!next) throw notFound('API key not found')
    return this.toJson(next, target ?? null)
  }

  async delete(auth: AuthContext, id: string) {
    this.assertNotViaApiKey(auth)
    const key = await this.repo.findById(id)
    if (!key) throw notFound('API key not found')
    // The same rule as update: an admin cannot revoke root's or another admin's keys.
    const owner = await this.users.get(key.userId)
    if (owner && owner.id !== auth.user.id) this.assertMayActFor(auth.user, owner)
    await this.repo.delete(id)
  }

  private assertNotViaApiKey(auth: AuthContext) {
    if (auth.via === 'api-key') throw forbidden('API keys cannot manage API keys')
  }

  private async targetUser(actor: UserRecord, userId: string): Promise<UserRecord> {
    const target = await this.users.get(userId)
    if (!target) throw badRequest(messages.userRequired)
    if (target.id !== actor.id) this.assertMayActFor(actor, target)
    return target
  }

  private assertMayActFor(actor: UserRecord, target: UserRecord) {
    if (!outranks(actor.type, target.type)) throw forbidden('You cannot manage API keys for this user')
  }

  private toJson(k: ApiKeyRecord, user: UserRecord | null): ApiKey {
    return {
      id: k.id,
      name: k.name,
      userId: k.userId,
      user: user ? { id: user.id, username: user.username, type: user.type } : null,
      isActive: k.isActive,
      expiresAt: k.expiresAt,
      lastUsedAt: k.lastUsedAt,
      createdAt: k.createdAt,
      createdByUserId: k.createdByUserId,
    }
  }
}
