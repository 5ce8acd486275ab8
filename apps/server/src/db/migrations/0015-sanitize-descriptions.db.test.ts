import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { HOSTILE_DESCRIPTION, HOSTILE_DESCRIPTION_SANITISED } from '../../test-support/hostile-markup.ts'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0015', () => {
  it('rewrites stored item and episode descriptions through the sanitiser, page by page, leaving plain text alone', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 15),
    )
    sqlite.exec(`
      INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at)
        VALUES ('lib', 'Pods', 'podcast', 1, 'podcast', 'itunes', '{}', 1, 1);
      INSERT INTO library_folders (id, library_id, full_path, created_at) VALUES ('f', 'lib', '/pods', 1);
    `)
    const item = sqlite.prepare(
      `INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at, description)
       VALUES (?, 'lib', 'f', 'podcast', ?, ?, ?, 1, 1, ?)`,
    )
    const items: [string, string | null][] = [
      ['hostile', HOSTILE_DESCRIPTION],
      ['plain', 'Tom & Jerry\n1 > 0'],
      ['none', null],
    ]
    for (const [id, description] of items) item.run(id, `m-${id}`, `/pods/${id}`, id, description)
    const episode = sqlite.prepare(
      `INSERT INTO podcast_episodes (id, library_item_id, title, description, added_at, updated_at) VALUES (?, 'hostile', ?, ?, 1, 1)`,
    )
    // More than two pages of episodes, plain ones between them.
    for (let n = 0; n < 1201; n++)
      episode.run(
        `e${n}`,
        `Episode ${n}`,
        n % 3 === 0 ? `Plain notes ${n} & more` : `${HOSTILE_DESCRIPTION} ${n}`,
      )

    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 15),
      ),
    ).toEqual([15])

    const itemsAfter = sqlite.prepare('SELECT id, description FROM library_items ORDER BY id').all()
    expect(itemsAfter).toEqual([
      { id: 'hostile', description: HOSTILE_DESCRIPTION_SANITISED },
      { id: 'none', description: null },
      { id: 'plain', description: 'Tom & Jerry\n1 > 0' },
    ])
    const episodes = sqlite.prepare('SELECT id, description FROM podcast_episodes').all() as {
      id: string
      description: string
    }[]
    expect(episodes).toHaveLength(1201)
    for (const e of episodes) {
      const n = Number(e.id.slice(1))
      expect([e.id, e.description]).toEqual([
        e.id,
        n % 3 === 0 ? `Plain notes ${n} & more` : `${HOSTILE_DESCRIPTION_SANITISED} ${n}`,
      ])
    }
  })
})
