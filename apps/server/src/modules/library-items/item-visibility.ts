import { isAdminOrUp, canAccessLibrary } from '@shelfcast/contracts'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { type UserRecord } from '../users/users.model.ts'

/**
 * THE item access rule, in one place: library access, explicit content, and tag access (an allow list
 * in itemTagsSelected, or a deny list with selectedTagsNotAccessible). Every read of items goes through
 * `itemVisibility` (SQL); events use `canSeeItem`, the same rule in JavaScript.
 *
 * Tags compare case-insensitively for ASCII letters, exactly like SQLite's NOCASE, so both forms agree.
 */
export interface ItemVisibility {
  /** null: every library (admins, accessAllLibraries). */
  libraryIds: string[] | null
  allowExplicit: boolean
  tags: { mode: 'allow' | 'deny'; values: string[] } | null
}

export function visibilityOf(user: UserRecord): ItemVisibility {
  const allLibraries = isAdminOrUp(user.type) || user.permissions.accessAllLibraries
  return {
    libraryIds: allLibraries ? null : [...user.librariesAccessible],
    allowExplicit: user.permissions.accessExplicitContent,
    tags: user.permissions.accessAllTags
      ? null
      : {
          mode: user.permissions.selectedTagsNotAccessible ? 'deny' : 'allow',
          values: [...user.itemTagsSelected],
        },
  }
}

/** True when the user sees only part of a library they can open (explicit or tag limits). */
export function restrictsItemsWithinLibrary(user: UserRecord): boolean {
  const v = visibilityOf(user)
  if (!v.allowExplicit) return true
  if (!v.tags) return false
  return !(v.tags.mode === 'deny' && v.tags.values.length === 0)
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** What decides whether a user may see an item. */
export interface ItemAccessFacts {
  libraryId: string
  tags: readonly string[]
  explicit: boolean
}

/** The rule in JavaScript, for events about items already in memory. */
export function canSeeItem(user: UserRecord, item: ItemAccessFacts): boolean {
  if (!canAccessLibrary(user, item.libraryId)) return false
  const v = visibilityOf(user)
  if (item.explicit && !v.allowExplicit) return false
  if (!v.tags) return true
  const selected = new Set(v.tags.values.map(asciiLower))
  const hit = item.tags.some((t) => selected.has(asciiLower(t)))
  return v.tags.mode === 'deny' ? !hit : hit
}

const TRUE = sql<SqlBool>`1`
const FALSE = sql<SqlBool>`0`

/**
 * The rule as a SQL condition on `library_items` under `alias`. Tag checks read item_facets through its
 * primary key (item_id, kind, value), one short lookup per item. With `probeOnly` the columns are written
 * `+col`, so SQLite tests them on rows it reaches through another index instead of choosing an index
 * for them (used while a sort index is scanned).
 */
export function itemVisibility(
  user: UserRecord,
  alias = 'li',
  opts: { probeOnly?: boolean } = {},
): RawBuilder<SqlBool> {
  const v = visibilityOf(user)
  const parts: RawBuilder<SqlBool>[] = []
  const col = (name: string) =>
    opts.probeOnly && name !== 'id' ? sql`+${sql.ref(`${alias}.${name}`)}` : sql.ref(`${alias}.${name}`)
  if (v.libraryIds) {
    if (v.libraryIds.length === 0) return FALSE
    parts.push(sql<SqlBool>`${col('library_id')} IN (${sql.join(v.libraryIds)})`)
  }
  if (!v.allowExplicit) parts.push(sql<SqlBool>`${col('explicit')} = 0`)
  if (v.tags) {
    const values = v.tags.values
    const hasTag =
      values.length === 0
        ? FALSE
        : sql<SqlBool>`EXISTS (SELECT 1 FROM item_facets vf WHERE vf.item_id = ${col('id')} AND vf.kind = 'tag'
            AND vf.value COLLATE NOCASE IN (${sql.join(values)}))`
    if (v.tags.mode === 'allow') parts.push(hasTag)
    else if (values.length > 0) parts.push(sql<SqlBool>`NOT ${hasTag}`)
  }
  if (parts.length === 0) return TRUE
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`
}
