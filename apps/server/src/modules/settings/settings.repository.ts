import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export class SettingsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async get(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
    return row?.value ?? null
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
  }

  /** Inserts only when absent, so two starts racing cannot both write a secret. */
  async setIfAbsent(key: string, value: string): Promise<string> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    return (await this.get(key)) ?? value
  }
}
