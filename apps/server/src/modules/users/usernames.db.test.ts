import crypto from 'node:crypto'
import { usernameKey, type User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInitialisedApp,
  createTestApp,
  ROOT,
  type LoggedIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { hashPassword } from './passwords.ts'
import type { UserRecord } from './users.model.ts'
import { UsersRepository } from './users.repository.ts'

const NFC_JOSE = 'Jos\u00e9'
const NFD_JOSE = 'Jose\u0301'

describe('one username rule where a name enters: create, rename, login, first-run init', () => {
  let t: TestApp
  let root: LoggedIn
  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const create = (username: string) =>
    t.call('POST', '/api/users', root.accessToken, { username, password: 'pw' })
  const login = (username: string, password: string) =>
    t.inject({ method: 'POST', url: '/login', payload: { username, password } })

  it('NFC and NFD forms of a name are one account', async () => {
    expect((await create(NFC_JOSE)).statusCode).toBe(200)
    const again = await create(NFD_JOSE)
    expect(again.statusCode).toBe(409)
    expect(again.body).toBe('Username already taken')
    expect((await login(NFD_JOSE, 'pw')).statusCode).toBe(200)
  })

  it('a fullwidth name is its ASCII form: stored so, and the same account as root', async () => {
    expect((await create('\uff52\uff4f\uff4f\uff54')).statusCode).toBe(409)
    const bob = await create('\uff22\uff4f\uff42')
    expect(bob.json<{ user: User }>().user.username).toBe('Bob')
    // Root can type its name in any of these forms.
    for (const name of ['\uff52\uff4f\uff4f\uff54', 'ROOT', ' root ']) {
      expect((await login(name, ROOT.password)).json<{ user: User }>().user.id).toBe(root.user.id)
    }
  })

  it('compares case beyond ASCII', async () => {
    expect((await create('\u00c9lodie')).statusCode).toBe(200)
    expect((await create('\u00e9LODIE')).statusCode).toBe(409)
    expect((await create('stra\u00dfe')).statusCode).toBe(200)
    expect((await create('STRASSE')).statusCode).toBe(409)
    expect((await login('\u00c9LODIE', 'pw')).statusCode).toBe(200)
  })

  it.each([
    ['a zero-width space', 'ro\u200bot', /invisible/],
    ['a zero-width joiner', 'ad\u200dmin', /invisible/],
    ['a right-to-left override', '\u202eroot', /invisible/],
    ['a Hangul filler', 'root\u3164', /invisible/],
    ['Cyrillic look-alikes beside Latin', 'r\u043e\u043et', /mix letters of different alphabets/],
    ['a Greek omicron beside Latin', 'r\u03bfot', /mix letters of different alphabets/],
  ])('refuses %s with a 400 and its message', async (_what, name, message) => {
    const res = await create(name)
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatch(message)
  })

  it('accepts names written in one alphabet, whichever it is', async () => {
    for (const name of [
      '\u0411\u043e\u0440\u0438\u0441',
      '\u03a3\u03bf\u03c6\u03af\u03b1',
      '\u5c71\u7530 \u592a\u90ce',
      'anna-2',
    ]) {
      expect((await create(name)).statusCode, name).toBe(200)
    }
  })

  it('holds a rename to the same rule', async () => {
    const carol = (await create('carol')).json<{ user: User }>().user
    const rename = (username: string) =>
      t.call('PATCH', `/api/users/${carol.id}`, root.accessToken, { username })
    expect((await rename('\uff32\uff4f\uff4f\uff54')).statusCode).toBe(409)
    expect((await rename('ca\u200brol')).statusCode).toBe(400)
    expect((await rename('c\u0430rol')).statusCode).toBe(400)
    // Its own name in another case is not taken by someone else.
    const own = await rename('CAROL')
    expect(own.statusCode).toBe(200)
    expect(own.json<{ user: User }>().user.username).toBe('CAROL')
  })
})

describe('first-run init', () => {
  it('refuses an invisible root name and stores a fullwidth one in its plain form', async () => {
    const t = await createTestApp()
    try {
      const init = (username: string) =>
        t.inject({ method: 'POST', url: '/init', payload: { newRoot: { username, password: 'pw' } } })
      const hidden = await init('\u200broot')
      expect(hidden.statusCode).toBe(400)
      expect(hidden.body).toMatch(/invisible/)
      expect((await init('\uff41\uff44\uff4d\uff49\uff4e')).statusCode).toBe(200)
      expect((await t.login('admin', 'pw')).user.username).toBe('admin')
    } finally {
      await t.close()
    }
  })
})

describe('names stored before the rule existed', () => {
  it('still log in by their exact name, and by the name they look like when that is unambiguous', async () => {
    const { t } = await createInitialisedApp()
    try {
      const db = t.ctx.database.db
      const repo = new UsersRepository(db)
      const legacy = async (username: string): Promise<UserRecord> => {
        const base = (await repo.findById(
          (await t.login(ROOT.username, ROOT.password)).user.id,
        )) as UserRecord
        const record: UserRecord = {
          ...base,
          id: crypto.randomUUID(),
          username,
          type: 'user',
          passwordHash: await hashPassword('old-pw'),
        }
        // Stored as migration 0012 leaves a name from before the rule: under its key, ranked after the
        // accounts that already had that key.
        await repo.insert({ ...record, username: record.id })
        const username_key = usernameKey(username)
        const holders = await db
          .selectFrom('users')
          .select('id')
          .where('username_key', '=', username_key)
          .execute()
        await db
          .updateTable('users')
          .set({ username, username_key, username_key_rank: holders.length })
          .where('id', '=', record.id)
          .execute()
        return record
      }
      const nfd = await legacy(NFD_JOSE)
      const hidden = await legacy('bo\u200bb')
      const fullwidthRoot = await legacy('\uff52\uff4f\uff4f\uff54')
      const id = async (name: string, password = 'old-pw') => (await t.login(name, password)).user.id

      expect(await id(NFD_JOSE)).toBe(nfd.id)
      expect(await id(NFC_JOSE)).toBe(nfd.id)
      expect(await id('bo\u200bb')).toBe(hidden.id)
      // Two stored names share a key: each answers to its exact form only.
      expect(await id('\uff52\uff4f\uff4f\uff54')).toBe(fullwidthRoot.id)
      expect(await id('root', ROOT.password)).not.toBe(fullwidthRoot.id)
      expect(
        (await t.inject({ method: 'POST', url: '/login', payload: { username: 'ROOT', password: 'old-pw' } }))
          .statusCode,
      ).toBe(401)
      // The younger of the two stays editable, and may be renamed to a free name but not to its twin's.
      const rootToken = (await t.login(ROOT.username, ROOT.password)).accessToken
      const patch = (body: object) => t.call('PATCH', `/api/users/${fullwidthRoot.id}`, rootToken, body)
      expect((await patch({ email: 'w@example.com' })).statusCode).toBe(200)
      expect((await patch({ username: 'Root' })).statusCode).toBe(409)
      expect((await patch({ username: 'rooty' })).statusCode).toBe(200)
      expect(await id('ROOTY')).toBe(fullwidthRoot.id)
    } finally {
      await t.close()
    }
  })
})

describe('a name is one account even under concurrency', () => {
  it('of two concurrent creates of names differing only in case beyond ASCII, one succeeds and one is a 409', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const create = (username: string) =>
        t.call('POST', '/api/users', root.accessToken, { username, password: 'pw' })
      const answers = await Promise.all([create('\u00c9lodie'), create('\u00e9LODIE')])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((a) => a.statusCode === 409)?.body).toBe('Username already taken')
      const names = (await t.call('GET', '/api/users', root.accessToken)).json<{ users: User[] }>().users
      expect(names.filter((u) => u.username.toLowerCase() === '\u00e9lodie')).toHaveLength(1)
    } finally {
      await t.close()
    }
  })

  it('of two concurrent renames (with new passwords) to one name, one succeeds and one is a 409', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const id = async (username: string) =>
        (await t.call('POST', '/api/users', root.accessToken, { username, password: 'pw' })).json<{
          user: User
        }>().user.id
      const [a, b] = [await id('anna'), await id('bea')]
      // With a new password each, so the check and the write of each rename are apart (hashing between).
      const rename = (userId: string, username: string) =>
        t.call('PATCH', `/api/users/${userId}`, root.accessToken, { username, password: 'new-pw' })
      const answers = await Promise.all([rename(a, '\u00c9lodie'), rename(b, '\u00e9LODIE')])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    } finally {
      await t.close()
    }
  })
})
