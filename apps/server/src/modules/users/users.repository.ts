import type { Insertable, Kysely, Selectable } from 'kysely'
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
    openidSub: row.openid_sub,
  }
}

/** The columns a record sets; the name's key and rank are written by insert and rename only. */
function toRow(u: UserRecord): Omit<Insertable<UsersTable>, 'username_key' | 'username_key_rank'> {
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
    // A record not read from the database (openidSub unset) leaves the stored link alone.
    ...(u.openidSub === undefined ? {} : { openid_sub: u.openidSub }),
  }
}

export class UsersRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  async hasRoot(): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('type', '=', 'root').executeTakeFirst())
  }

  async findById(id: string): Promise<UserRecord | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toRecord(row) : null
  }

  /** The accounts whose name has the same key (NFKC, full case folding) as `username`, by its index. */
  async findByUsernameKey(username: string): Promise<UserRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', usernameKey(username))
      .execute()
    return rows.map(toRecord)
  }

  /** Runs `work` in one transaction, with a repository bound to it, so a look-up and the write it allows are one. */
  transaction<T>(work: (repo: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new UsersRepository(trx)))
  }

  async list(): Promise<UserRecord[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('created_at').execute()
    return rows.map(toRecord)
  }

  /** Adds an account under its name's key; a name whose key is taken fails with a unique violation. */
  async insert(u: UserRecord): Promise<void> {
    await this.db
      .insertInto('users')
      .values({ ...toRow(u), username_key: usernameKey(u.username), username_key_rank: 0 })
      .execute()
  }

  /**
   * Saves an account. A rename saves the new name's key too, ranked 0 like any new name (a unique violation
   * when the key is taken); otherwise key and rank stay, so an account from before the key keeps its rank.
   */
  async update(u: UserRecord, renamed = false): Promise<void> {
    const { id: _id, ...rest } = toRow(u)
    const key = renamed ? { username_key: usernameKey(u.username), username_key_rank: 0 } : {}
    await this.db
      .updateTable('users')
      .set({ ...rest, ...key })
      .where('id', '=', u.id)
      .execute()
  }

  /** The account linked to an OpenID subject. */
  async findByOpenIDSub(sub: string): Promise<UserRecord | null> {
    const row = await this.db.selectFrom('users').selectAll().where('openid_sub', '=', sub).executeTakeFirst()
    return row ? toRecord(row) : null
  }

  /** Accounts whose email is `email` (case-insensitive). */
  async findByEmail(email: string): Promise<UserRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .execute()
    return rows.map(toRecord)
  }

  /** Links an account to an OpenID subject, or unlinks it (null). */
  async setOpenIDSub(id: string, sub: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ openid_sub: sub, updated_at: Date.now() })
      .where('id', '=', id)
      .execute()
  }

  async touchLastSeen(id: string, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_seen: at }).where('id', '=', id).execute()
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute()
  }
}

/** A write refused by a unique index (the name's key, the ASCII-case name, the single root). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE'
}
