import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema.ts'
import { titleIgnoringPrefix } from '../../scanner/names.ts'

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

  /**
   * Recomputes every item title's and series name's sort form for new sorting prefixes; writes only the rows
   * whose sort form changes, in one transaction. Returns how many rows changed.
   */
  async resortTitles(prefixes: readonly string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let changed = 0
      const items = await trx
        .selectFrom('library_items')
        .select(['id', 'title', 'title_ignore_prefix'])
        .execute()
      for (const row of items) {
        const sortForm = titleIgnoringPrefix(row.title, prefixes)
        if (sortForm === row.title_ignore_prefix) continue
        await trx
          .updateTable('library_items')
          .set({ title_ignore_prefix: sortForm })
          .where('id', '=', row.id)
          .execute()
        changed++
      }
      const series = await trx.selectFrom('series').select(['id', 'name', 'name_ignore_prefix']).execute()
      for (const row of series) {
        const sortForm = titleIgnoringPrefix(row.name, prefixes)
        if (sortForm === row.name_ignore_prefix) continue
        await trx
          .updateTable('series')
          .set({ name_ignore_prefix: sortForm })
          .where('id', '=', row.id)
          .execute()
        changed++
      }
      return changed
    })
  }
}

/**
 * A JSON document kept under `key`, read with `schema`; a missing, unparsable or damaged value reads as the
 * schema's answer to `{}` (its defaults), so one bad row never fails the feature that reads it.
 */
export async function readJsonSetting<T>(
  repo: Pick<SettingsRepository, 'get'>,
  key: string,
  schema: z.ZodType<T>,
): Promise<T> {
  const raw = await repo.get(key)
  let parsed: unknown
  try {
    parsed = raw ? JSON.parse(raw) : {}
  } catch {
    parsed = {}
  }
  const result = schema.safeParse(parsed && typeof parsed === 'object' ? parsed : {})
  return result.success ? result.data : schema.parse({})
}
