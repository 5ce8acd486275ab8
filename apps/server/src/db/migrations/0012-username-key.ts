import { usernameKey } from '@shelfcast/contracts'
import type { Migration } from '../migrate.ts'

export const USERNAME_KEY_INDEX = 'users_username_key'

/**
 * Accounts are one per username key (NFKC, full case folding: `Élodie` and `éLODIE` are one name), held by
 * a unique index rather than by a look-up that two concurrent creates can both pass.
 *
 * Names stored before the rule may already share a key. None is renamed (their owners log in by them):
 * the oldest account of such a group keeps rank 0 like every account made since, the younger ones get
 * ranks 1, 2 … The index is unique on (key, rank), so every new or renamed account (rank 0) still
 * collides with the group's oldest, and the service's look-up by key, in the same transaction as the
 * write, refuses the key while any of the group remains.
 *
 * The key is computed with the rule's own function; a later change of that function needs a migration
 * that recomputes it.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'username-key',
  up(sqlite) {
    sqlite.exec(`
      ALTER TABLE users ADD COLUMN username_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN username_key_rank INTEGER NOT NULL DEFAULT 0;
    `)
    const users = sqlite.prepare('SELECT id, username FROM users ORDER BY created_at, id').all() as {
      id: string
      username: string
    }[]
    const set = sqlite.prepare('UPDATE users SET username_key = ?, username_key_rank = ? WHERE id = ?')
    const seen = new Map<string, number>()
    for (const user of users) {
      const key = usernameKey(user.username)
      const rank = seen.get(key) ?? 0
      seen.set(key, rank + 1)
      set.run(key, rank, user.id)
    }
    sqlite.exec(`CREATE UNIQUE INDEX ${USERNAME_KEY_INDEX} ON users (username_key, username_key_rank)`)
  },
}
