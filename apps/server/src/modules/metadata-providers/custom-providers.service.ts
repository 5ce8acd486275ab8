import crypto from 'node:crypto'
import type { CreateCustomMetadataProviderRequest, CustomMetadataProvider } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { CustomProviderRow, CustomProvidersRepository } from './custom-providers.repository.ts'

/** What clients see instead of a stored authorization value (SECURITY: provider auth headers never leave). */
export const AUTH_HEADER_MASK = '********'
export const CUSTOM_SLUG_PREFIX = 'custom-'

export const toCustomProviderJson = (r: CustomProviderRow): CustomMetadataProvider => ({
  id: r.id,
  name: r.name,
  url: r.url,
  mediaType: r.media_type,
  authHeaderValue: r.auth_header_value ? AUTH_HEADER_MASK : null,
  slug: `${CUSTOM_SLUG_PREFIX}${r.id}`,
})

/** Admin-managed custom metadata providers; admins hear of additions and removals. */
export class CustomProvidersService {
  private readonly deps: { repo: CustomProvidersRepository; realtime: Realtime; clock: Clock }
  constructor(deps: CustomProvidersService['deps']) {
    this.deps = deps
  }

  async list(): Promise<CustomMetadataProvider[]> {
    return (await this.deps.repo.list()).map(toCustomProviderJson)
  }

  /** The stored row, authorization value included: for calling the provider, never for answering clients. */
  async bySlug(slug: string): Promise<CustomProviderRow | null> {
    if (!slug.startsWith(CUSTOM_SLUG_PREFIX)) return null
    return this.deps.repo.byId(slug.slice(CUSTOM_SLUG_PREFIX.length))
  }

  async create(req: CreateCustomMetadataProviderRequest): Promise<CustomMetadataProvider> {
    const now = this.deps.clock()
    const row: CustomProviderRow = {
      id: crypto.randomUUID(),
      name: req.name,
      url: req.url,
      media_type: req.mediaType,
      auth_header_value: req.authHeaderValue?.trim() || null,
      created_at: now,
      updated_at: now,
    }
    await this.deps.repo.insert(row)
    const json = toCustomProviderJson(row)
    this.deps.realtime.toAdmins('custom_metadata_provider_added', json)
    return json
  }

  async remove(id: string): Promise<void> {
    const row = await this.deps.repo.byId(id)
    if (!row || !(await this.deps.repo.delete(id))) throw notFound('Provider not found')
    this.deps.realtime.toAdmins('custom_metadata_provider_removed', toCustomProviderJson(row))
  }
}
