import type { Migration } from '../migrate.ts'

/**
 * OpenID sign-in: an account linked to a provider's user keeps its `sub` (subject). One account per subject;
 * unlinking sets it back to NULL and leaves the rest of the account as it was.
 */
export const migration0019: Migration = {
  version: 19,
  name: 'openid-sub',
  up(sqlite) {
    sqlite.exec(`
      ALTER TABLE users ADD COLUMN openid_sub TEXT;
      CREATE UNIQUE INDEX users_openid_sub ON users (openid_sub) WHERE openid_sub IS NOT NULL;
    `)
  },
}
