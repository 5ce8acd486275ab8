import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

const rollup = (sqlite: BetterSqlite3.Database) =>
  sqlite
    .prepare(
      'SELECT user_id, month, library_item_id, seconds, sessions, display_author FROM listening_months ORDER BY user_id, month, library_item_id',
    )
    .all()

describe('migration 0020', () => {
  it('rolls up existing sessions by user, month and item, and keeps the rollup on every write', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 20),
    )
    sqlite.exec(`
      INSERT INTO users (id, username, username_key, type, password_hash, is_active, permissions, libraries_accessible, item_tags_selected, created_at, updated_at)
        VALUES ('u', 'u', 'u', 'admin', NULL, 1, '{}', '[]', '[]', 1, 1), ('v', 'v', 'v', 'user', NULL, 1, '{}', '[]', '[]', 1, 1);
    `)
    const insert =
      sqlite.prepare(`INSERT INTO playback_sessions (id, user_id, library_id, library_item_id, media_type,
      display_author, play_method, time_listening, date, day_of_week, started_at, updated_at)
      VALUES (?, ?, 'l', ?, 'book', ?, 0, ?, ?, 0, 1, 1)`)
    insert.run('s1', 'u', 'a', 'Old', 10, '2024-01-05')
    insert.run('s2', 'u', 'a', 'Old', 20, '2024-01-20')
    insert.run('s3', 'v', 'b', 'Other', 5, '2024-02-01')
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 20),
      ),
    ).toEqual([20])
    expect(rollup(sqlite)).toEqual([
      {
        user_id: 'u',
        month: '2024-01',
        library_item_id: 'a',
        seconds: 30,
        sessions: 2,
        display_author: 'Old',
      },
      {
        user_id: 'v',
        month: '2024-02',
        library_item_id: 'b',
        seconds: 5,
        sessions: 1,
        display_author: 'Other',
      },
    ])
    // A new session, a sync, a session moved to another month, a deletion, a user deleted with their sessions.
    insert.run('s4', 'u', 'a', 'New', 1, '2024-01-30')
    sqlite.prepare('UPDATE playback_sessions SET time_listening = time_listening + 4 WHERE id = ?').run('s4')
    sqlite.prepare("UPDATE playback_sessions SET date = '2024-03-01' WHERE id = ?").run('s1')
    sqlite.prepare('DELETE FROM playback_sessions WHERE id = ?').run('s2')
    sqlite.prepare("DELETE FROM users WHERE id = 'v'").run()
    expect(rollup(sqlite)).toEqual([
      {
        user_id: 'u',
        month: '2024-01',
        library_item_id: 'a',
        seconds: 5,
        sessions: 1,
        display_author: 'New',
      },
      {
        user_id: 'u',
        month: '2024-03',
        library_item_id: 'a',
        seconds: 10,
        sessions: 1,
        display_author: 'Old',
      },
    ])
  })

  it('finds the longest session of a year and a library totals through their indexes', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version <= 20),
    )
    const plan = sqlite
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM playback_sessions WHERE substr(date, 1, 4) = '2025' ORDER BY time_listening DESC LIMIT 1",
      )
      .all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join(' ')).toContain('playback_sessions_year_longest')
    const totals = sqlite
      .prepare(
        "EXPLAIN QUERY PLAN SELECT count(*), total(duration), total(size), total(num_tracks) FROM library_items WHERE library_id = 'l'",
      )
      .all() as { detail: string }[]
    expect(totals.map((p) => p.detail).join(' ')).toContain('COVERING INDEX library_items_totals')
  })
})
