import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '../db/schema.ts'

/**
 * A user's choices about an item's files (track order, excluded tracks, the primary ebook), kept in their own
 * table so the scanner, which rebuilds the item row from the disk, can read them back and keep them.
 */
export interface TrackChoice {
  ino: string
  exclude: boolean
}

export interface FileChoices {
  /** Play order chosen by a user; null: the scanner's order. */
  trackOrder: TrackChoice[] | null
  /** The chosen primary ebook's ino; '' for none; null: the scanner chooses. */
  primaryEbook: string | null
}

export const NO_CHOICES: FileChoices = { trackOrder: null, primaryEbook: null }

const TrackOrderColumn = z.array(z.object({ ino: z.string(), exclude: z.boolean() }))

export function parseTrackOrder(text: string | null): TrackChoice[] | null {
  if (text === null) return null
  try {
    const parsed = TrackOrderColumn.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Files in the chosen order: the ones the choice names first, in its order, then the others (files added since)
 * in the order they came. Names of files that are gone drop out. `exclude` comes from the choice.
 */
export function applyTrackOrder<T>(
  natural: readonly T[],
  inoOf: (item: T) => string,
  order: readonly TrackChoice[] | null,
): { item: T; exclude: boolean; chosen: boolean }[] {
  if (!order || order.length === 0) return natural.map((item) => ({ item, exclude: false, chosen: false }))
  const position = new Map(order.map((c, i) => [c.ino, i]))
  const named = natural
    .filter((x) => position.has(inoOf(x)))
    .sort((a, b) => (position.get(inoOf(a)) ?? 0) - (position.get(inoOf(b)) ?? 0))
  const rest = natural.filter((x) => !position.has(inoOf(x)))
  return [
    ...named.map((item) => ({
      item,
      exclude: order[position.get(inoOf(item)) ?? 0]?.exclude ?? false,
      chosen: true,
    })),
    ...rest.map((item) => ({ item, exclude: false, chosen: false })),
  ]
}

/** Reads and writes the choices table. */
export class FileChoicesStore {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async get(itemId: string): Promise<FileChoices> {
    const row = await this.db
      .selectFrom('item_file_choices')
      .select(['track_order', 'primary_ebook'])
      .where('item_id', '=', itemId)
      .executeTakeFirst()
    return row
      ? { trackOrder: parseTrackOrder(row.track_order), primaryEbook: row.primary_ebook }
      : NO_CHOICES
  }

  async setTrackOrder(itemId: string, order: readonly TrackChoice[]): Promise<void> {
    const trackOrder = JSON.stringify(order)
    await this.db
      .insertInto('item_file_choices')
      .values({ item_id: itemId, track_order: trackOrder, primary_ebook: null })
      .onConflict((oc) => oc.column('item_id').doUpdateSet({ track_order: trackOrder }))
      .execute()
  }

  /**
   * Drops a deleted file from the choices (a chosen primary ebook falls back to the scanner's pick): the file
   * system may give its inode to a later file, which must not inherit its place.
   */
  async forgetFile(itemId: string, ino: string): Promise<void> {
    const choices = await this.get(itemId)
    const order = choices.trackOrder?.filter((c) => c.ino !== ino) ?? null
    const primary = choices.primaryEbook === ino ? null : choices.primaryEbook
    if (order?.length === choices.trackOrder?.length && primary === choices.primaryEbook) return
    await this.db
      .updateTable('item_file_choices')
      .set({ track_order: order ? JSON.stringify(order) : null, primary_ebook: primary })
      .where('item_id', '=', itemId)
      .execute()
  }

  async setPrimaryEbook(itemId: string, ino: string): Promise<void> {
    await this.db
      .insertInto('item_file_choices')
      .values({ item_id: itemId, track_order: null, primary_ebook: ino })
      .onConflict((oc) => oc.column('item_id').doUpdateSet({ primary_ebook: ino }))
      .execute()
  }
}
