import type { Kysely, Selectable } from 'kysely'
import type { CustomMetadataProvidersTable, Database } from '../../db/schema.ts'

export type CustomProviderRow = Selectable<CustomMetadataProvidersTable>

/** Custom metadata providers in SQL. */
export class CustomProvidersRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async list(): Promise<CustomProviderRow[]> {
    return this.db.selectFrom('custom_metadata_providers').selectAll().orderBy('name').orderBy('id').execute()
  }

  async byId(id: string): Promise<CustomProviderRow | null> {
    return (
      (await this.db
        .selectFrom('custom_metadata_providers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    )
  }

  async insert(row: CustomProviderRow): Promise<void> {
    await this.db.insertInto('custom_metadata_providers').values(row).execute()
  }

  /** True when a row was deleted. */
  async delete(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('custom_metadata_providers').where('id', '=', id).executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }
}
