import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import type { UserRecord } from '../users/users.model.ts'
import { canSeeItem, itemVisibility, restrictsItemsWithinLibrary } from './item-visibility.ts'

/** The SQL rule and the JavaScript rule must agree on every item for every kind of account. */
describe('item visibility', () => {
  let s: BrowseScenario
  let base: UserRecord
  beforeAll(async () => {
    s = await createBrowseScenario()
    const root = await s.t.ctx.users.get(s.root.user.id)
    if (!root) throw new Error('no root')
    base = { ...root, type: 'user' }
  })
  afterAll(() => s.t.close())

  it('SQL and JavaScript forms agree', async () => {
    const p = base.permissions
    const users: UserRecord[] = [
      base,
      { ...base, type: 'admin', permissions: { ...p, accessAllLibraries: false }, librariesAccessible: [] },
      { ...base, permissions: { ...p, accessAllLibraries: false }, librariesAccessible: [s.podcasts] },
      { ...base, permissions: { ...p, accessAllLibraries: false }, librariesAccessible: [] },
      { ...base, permissions: { ...p, accessExplicitContent: false } },
      { ...base, permissions: { ...p, accessAllTags: false }, itemTagsSelected: ['Classic', 'weekly'] },
      { ...base, permissions: { ...p, accessAllTags: false }, itemTagsSelected: [] },
      {
        ...base,
        permissions: { ...p, accessAllTags: false, selectedTagsNotAccessible: true },
        itemTagsSelected: ['EPIC'],
      },
      {
        ...base,
        permissions: { ...p, accessAllTags: false, selectedTagsNotAccessible: true },
        itemTagsSelected: [],
      },
      {
        ...base,
        permissions: { ...p, accessAllTags: false, accessExplicitContent: false },
        itemTagsSelected: ['epic', 'kids'],
      },
    ]
    const rows = await s.t.ctx.database.db
      .selectFrom('library_items')
      .select(['id', 'library_id', 'tags', 'explicit'])
      .execute()
    for (const user of users) {
      const viaSql = (
        await s.t.ctx.database.db
          .selectFrom('library_items as li')
          .select('li.id')
          .where(itemVisibility(user, 'li'))
          .execute()
      ).map((r) => r.id)
      const viaJs = rows
        .filter((r) =>
          canSeeItem(user, {
            libraryId: r.library_id,
            tags: JSON.parse(r.tags) as string[],
            explicit: r.explicit === 1,
          }),
        )
        .map((r) => r.id)
      expect([user.permissions, user.librariesAccessible, viaSql.sort()]).toEqual([
        user.permissions,
        user.librariesAccessible,
        viaJs.sort(),
      ])
      // "Restricted within a library" is exactly when some item of an open library is hidden.
      const hiddenInOpenLibrary = rows.some(
        (r) =>
          !viaJs.includes(r.id) &&
          (user.librariesAccessible.includes(r.library_id) ||
            user.permissions.accessAllLibraries ||
            user.type === 'admin'),
      )
      if (hiddenInOpenLibrary) expect(restrictsItemsWithinLibrary(user)).toBe(true)
    }
  })
})
