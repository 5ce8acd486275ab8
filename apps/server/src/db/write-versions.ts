import type BetterSqlite3 from 'better-sqlite3'

/** Tables whose writes change no cached answer: logins, tokens, keys, share sessions and bookkeeping. */
const IGNORED = new Set([
  'sessions',
  'refresh_tokens',
  'api_keys',
  'migrations',
  'library_content_versions',
  // Anonymous share listeners' positions: no answer of the API shows them.
  'share_sessions',
])
/** Tables of one user's own state: a write moves only that user's version. */
const PER_USER: Record<string, string> = {
  media_progress: 'user_id',
  bookmarks: 'user_id',
  playback_sessions: 'user_id',
}
/** Columns of `users` that say nothing an answer shows (written on every login). */
const USERS_BOOKKEEPING = new Set(['last_seen', 'updated_at'])

/**
 * Versions of what answers are made of, moved by TEMP triggers on this connection (no migration, so every
 * write path is covered, including cascades and fixtures): `content` by any write to a table other than the
 * per-user and login ones, a user's version by their progress, bookmarks, sessions and account row. Writes
 * by other connections are seen through SQLite's data_version. In memory: a restart empties the caches too.
 */
export class WriteVersions {
  private content = 0
  private readonly users = new Map<string, number>()
  private readonly dataVersion: BetterSqlite3.Statement<[], { data_version: number }>

  private constructor(sqlite: BetterSqlite3.Database) {
    this.dataVersion = sqlite.prepare('PRAGMA data_version')
  }

  static install(sqlite: BetterSqlite3.Database): WriteVersions {
    const v = new WriteVersions(sqlite)
    sqlite.function('shelfcast_bump_content', { deterministic: false, varargs: false }, () => {
      v.content++
      return null
    })
    sqlite.function('shelfcast_bump_user', { deterministic: false }, (id: unknown) => {
      if (typeof id === 'string') v.users.set(id, (v.users.get(id) ?? 0) + 1)
      return null
    })
    const all = sqlite
      .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as { name: string; sql: string | null }[]
    const virtual = all.filter((t) => /^CREATE VIRTUAL/i.test(t.sql ?? '')).map((t) => t.name)
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
    const trigger = (table: string, op: 'INSERT' | 'UPDATE' | 'DELETE', body: string, of = '') =>
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${quote(`shelfcast_v_${table}_${op}`)} AFTER ${op}${of} ON main.${quote(table)} BEGIN ${body}; END`,
      )
    for (const { name } of all) {
      if (IGNORED.has(name) || virtual.includes(name) || virtual.some((vt) => name.startsWith(`${vt}_`)))
        continue
      const userColumn = PER_USER[name]
      if (userColumn) {
        trigger(name, 'INSERT', `SELECT shelfcast_bump_user(NEW.${userColumn})`)
        trigger(
          name,
          'UPDATE',
          `SELECT shelfcast_bump_user(NEW.${userColumn}), shelfcast_bump_user(OLD.${userColumn})`,
        )
        trigger(name, 'DELETE', `SELECT shelfcast_bump_user(OLD.${userColumn})`)
      } else if (name === 'users') {
        const columns = (
          sqlite.prepare(`SELECT name FROM pragma_table_info('users')`).all() as { name: string }[]
        )
          .map((c) => c.name)
          .filter((c) => !USERS_BOOKKEEPING.has(c))
        trigger(name, 'UPDATE', 'SELECT shelfcast_bump_user(NEW.id)', ` OF ${columns.map(quote).join(', ')}`)
        trigger(name, 'DELETE', 'SELECT shelfcast_bump_user(OLD.id)')
      } else {
        for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const)
          trigger(name, op, 'SELECT shelfcast_bump_content()')
      }
    }
    return v
  }

  /** Moves with any content write on this connection or any write by another connection. */
  contentStamp(): string {
    return `${this.content}:${this.dataVersion.get()?.data_version ?? 0}`
  }

  /** Moves with every write of this user's progress, bookmarks, listening sessions or account. */
  userVersion(userId: string): number {
    return this.users.get(userId) ?? 0
  }
}
