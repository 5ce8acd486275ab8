import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0019', () => {
  it('links an account to one OpenID subject at most, and a subject to one account', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 19),
    )
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 19),
      ),
    ).toEqual([19])
    sqlite.exec(`
      INSERT INTO users (id, username, username_key, type, password_hash, is_active, permissions, libraries_accessible, item_tags_selected, created_at, updated_at)
        VALUES ('u', 'u', 'u', 'admin', NULL, 1, '{}', '[]', '[]', 1, 1), ('v', 'v', 'v', 'user', NULL, 1, '{}', '[]', '[]', 1, 1);
    `)
    const link = sqlite.prepare('UPDATE users SET openid_sub = ? WHERE id = ?')
    link.run('sub-1', 'u')
    expect(() => link.run('sub-1', 'v')).toThrow(/UNIQUE/)
    link.run(null, 'u')
    link.run('sub-1', 'v')
    expect(sqlite.prepare("SELECT openid_sub FROM users WHERE id = 'u'").pluck().get()).toBeNull()
  })
})
