import type { Kysely, Selectable } from 'kysely'
import { defaultPermissions, usernameKey, UserPermissions, UserType } from '@shelfcast/contracts'
import type { Database, UsersTable } from '../../db/schema.ts'
import type { UserRecord } from './users.model.ts'

function parseJsonArray(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

// Built once: a zod schema derived per call (catch, partial) is compiled anew each time, on every request's user read.
const StoredUserType = UserType.catch('guest')
const StoredPermissions = UserPermissions.partial()

function toRecord(row: Selectable<UsersTable>): UserRecord {
  const type = StoredUserType.parse(row.type)
  let permissions = defaultPermissions(type)
  try {
    permissions = { ...permissions, ...StoredPermissions.parse(JSON.parse(row.permissions)) }
  } catch {
    // A damaged permissions column falls back to the type's defaults rather than locking the user out.
  }
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    type,
    isActive: row.is_active === 1,
    isLocked: row.is_locked === 1,
    permissions,
    librariesAccessible: parseJsonArray(row.libraries_accessible),
    itemTagsSelected: parseJsonArray(row.item_tags_selected),
    seriesHideFromContinueListening: parseJsonArray(row.series_hide_from_continue_listening),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSeen: row.last_seen,
  }
}

function toRow(u: UserRecord): UsersTable {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    password_hash: u.passwordHash,
    type: u.type,
    is_active: u.isActive ? 1 : 0,
    is_locked: u.isLocked ? 1 : 0,
    permissions: JSON.stringify(u.permissions),
    libraries_accessible: JSON.stringify(u.librariesAccessible),
    item_tags_selected: JSON.stringify(u.itemTagsSelected),
    series_hide_from_continue_listening: JSON.stringify(u.seriesHideFromContinueListening),
    created_at: u.createdAt,
    updated_at: u.updatedAt,
    last_seen: u.lastSeen,
  }
}

export class UsersRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async count(): Promise<number> {
    const r = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  async hasRoot(): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('type', '=', 'root').executeTakeFirst())
  }

  async findById(id: string): Promise<UserRecord | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toRecord(row) : null
  }

  /**
   * The accounts whose name has the same key (NFKC, full case folding) as `username`. Compared here
   * rather than by the column's ASCII-only NOCASE; the users table is small and only two columns are read.
   */
  async findByUsernameKey(username: string): Promise<UserRecord[]> {
    const key = usernameKey(username)
    const names = await this.db.selectFrom('users').select(['id', 'username']).execute()
    const ids = names.filter((n) => usernameKey(n.username) === key).map((n) => n.id)
    if (ids.length === 0) return []
    const rows = await this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute()
    return rows.map(toRecord)
  }

  async list(): Promise<UserRecord[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('created_at').execute()
    return rows.map(toRecord)
  }

  async insert(u: UserRecord): Promise<void> {
    await this.db.insertInto('users').values(toRow(u)).execute()
  }

  async update(u: UserRecord): Promise<void> {
    const { id: _id, ...rest } = toRow(u)
    await this.db.updateTable('users').set(rest).where('id', '=', u.id).execute()
  }

  async touchLastSeen(id: string, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_seen: at }).where('id', '=', id).execute()
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute()
  }
}
