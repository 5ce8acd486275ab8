import fs from 'node:fs'
import path from 'node:path'
import type { Series } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { connectSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp } from '../../test-support/test-app.ts'

describe('PATCH /api/series/:id', () => {
  it("renames a series and sets its description; books' metadata.json follow; others hear series_updated", async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const db = t.ctx.database.db
      const fx = new ItemFixtures(db)
      const library = (await fx.library({ folder: path.join(t.dir, 'media', 'books') })).id
      const hidden = (
        await fx.library({ name: 'Hidden', folder: path.join(t.dir, 'media', 'hidden'), displayOrder: 2 })
      ).id
      const book = await fx.item(library, { title: 'Mort', series: [{ name: 'Discworld', sequence: '4' }] })
      await fx.item(library, { title: 'Other', series: [{ name: 'Taken', sequence: '1' }] })
      await fx.item(hidden, { title: 'Secret', series: [{ name: 'Secret Series' }] })
      const idOf = async (name: string) =>
        (await db.selectFrom('series').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
      const discworld = await idOf('Discworld')
      const secret = await idOf('Secret Series')
      const patch = (id: string, body: unknown, token = root.accessToken) =>
        t.call('PATCH', `/api/series/${id}`, token, body)

      await t.createUser(root.accessToken, {
        username: 'reader',
        password: 'reader-password',
        permissions: { update: false },
      })
      await t.createUser(root.accessToken, {
        username: 'editor',
        password: 'editor-password',
        permissions: { update: true, accessAllLibraries: false },
        librariesAccessible: [library],
      })
      const reader = (await t.login('reader', 'reader-password')).accessToken
      const editor = (await t.login('editor', 'editor-password')).accessToken
      expect((await patch(discworld, { name: 'X' }, reader)).statusCode).toBe(403)
      expect((await patch(secret, { name: 'X' }, editor)).statusCode).toBe(404)
      expect((await patch('nope', { name: 'X' })).statusCode).toBe(404)

      // Bad input: 400 with a message, nothing changed.
      for (const body of [
        { name: '' },
        { name: '   ' },
        { name: 'x'.repeat(10_000) },
        { name: 'Bad\u0000Name' },
        { name: 'Bad\nName' },
        { name: 42 },
        {},
        { description: 'x'.repeat(100_001) },
      ]) {
        const res = await patch(discworld, body)
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400)
        expect(res.body.length).toBeGreaterThan(0)
      }
      // No merging: a name another series has (any case) is refused.
      const taken = await patch(discworld, { name: 'taken' })
      expect([taken.statusCode, taken.body]).toEqual([409, 'Another series is already named "taken"'])
      expect(await idOf('Discworld')).toBe(discworld)

      const socket = await connectSocket(await t.listen())
      await socket.auth(root.accessToken)
      const res = await patch(
        discworld,
        { name: '  The Discworld ', description: '<p>Turtles</p><script>x</script>' },
        editor,
      )
      expect(res.statusCode).toBe(200)
      const json = res.json<Series>()
      expect(json).toMatchObject({
        id: discworld,
        name: 'The Discworld',
        nameIgnorePrefix: 'Discworld, The',
        description: '<p>Turtles</p>',
        libraryId: library,
      })
      expect(await socket.waitFor<Series>('series_updated')).toMatchObject({
        id: discworld,
        name: 'The Discworld',
      })
      socket.close()

      const detail = (await t.call('GET', `/api/series/${discworld}`, root.accessToken)).json<{
        name: string
        books: { id: string }[]
      }>()
      expect(detail.name).toBe('The Discworld')
      expect(detail.books.map((b) => b.id)).toEqual([book])
      const item = (await t.call('GET', `/api/items/${book}`, root.accessToken)).json<{
        media: { metadata: { series: { id: string; name: string; sequence: string }[] } }
      }>()
      expect(item.media.metadata.series).toEqual([{ id: discworld, name: 'The Discworld', sequence: '4' }])
      const stored = JSON.parse(
        fs.readFileSync(path.join(t.config.metadataPath, 'items', book, 'metadata.json'), 'utf8'),
      ) as { series: string[] }
      expect(stored.series).toEqual(['The Discworld #4'])

      // A case-only rename of its own name is fine; description alone leaves the books alone.
      expect((await patch(discworld, { name: 'the discworld' })).json<Series>().name).toBe('the discworld')
      const described = await patch(discworld, { description: null })
      expect(described.json<Series>().description).toBeNull()
    } finally {
      await t.close()
    }
  })
})
