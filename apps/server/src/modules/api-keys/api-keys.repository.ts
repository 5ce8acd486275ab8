import type { Kysely, Selectable } from 'kysely'
import type { ApiKeysTable, Database } from '../../db/schema.ts'

export interface ApiKeyRecord {
  id: string
  name: string
  userId: string
  createdByUserId: string | null
  isActive: boolean
  expiresAt: number | null
  lastUsedAt: number | null
  createdAt: number
}

const toRecord = (r: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: r.id,
  name: r.name,
  userId: r.user_id,
  createdByUserId: r.created_by_user_id,
  isActive: r.is_active === 1,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  createdAt: r.created_at,
})

export class ApiKeysRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async findById(id: string): Promise<ApiKeyRecord | null> {
    const r = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst()
    return r ? toRecord(r) : null
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').execute()).map(toRecord)
  }

  async insert(k: ApiKeyRecord) {
    await this.db
      .insertInto('api_keys')
      .values({
        id: k.id,
        name: k.name,
        user_id: k.userId,
        created_by_user_id: k.createdByUserId,
        is_active: k.isActive ? 1 : 0,
        expires_at: k.expiresAt,
        last_used_at: k.lastUsedAt,
        created_at: k.createdAt,
      })
      .execute()
  }

  async update(id: string, changes: { isActive?: boolean; userId?: string }) {
    const set: Partial<ApiKeysTable> = {}
    if (changes.isActive !== undefined) set.is_active = changes.isActive ? 1 : 0
    if (changes.userId !== undefined) set.user_id = changes.userId
    if (Object.keys(set).length) await this.db.updateTable('api_keys').set(set).where('id', '=', id).execute()
  }

  async touchLastUsed(id: string, at: number) {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute()
  }

  async delete(id: string) {
    await this.db.deleteFrom('api_keys').where('id', '=', id).execute()
  }
}
