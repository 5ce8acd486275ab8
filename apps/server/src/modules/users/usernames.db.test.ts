import crypto from 'node:crypto'
import type { User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, createTestApp, ROOT, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'
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
    for (const name of ['\u0411\u043e\u0440\u0438\u0441', '\u03a3\u03bf\u03c6\u03af\u03b1', '\u5c71\u7530 \u592a\u90ce', 'anna-2']) {
      expect((await create(name)).statusCode, name).toBe(200)
    }
  })

  it('holds a rename to the same rule', async () => {
    const carol = (await create('carol')).json<{ user: User }>().user
    const rename = (username: string) => t.call('PATCH', `/api/users/${carol.id}`, root.accessToken, { username })
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
      const repo = new UsersRepository(t.ctx.database.db)
      const legacy = async (username: string): Promise<UserRecord> => {
        const base = (await repo.findById((await t.login(ROOT.username, ROOT.password)).user.id)) as UserRecord
        const record: UserRecord = {
          ...base,
          id: crypto.randomUUID(),
          username,
          type: 'user',
          passwordHash: await hashPassword('old-pw'),
        }
        await repo.insert(record)
        return record
      }
      const nfd = await legacy(NFD_JOSE)
      const hidden = await legacy('bo\u200bb')
      const fullwidthRoot = await legacy('\uff52\uff4f\uff4f\uff54')
      const id = async (name: string, password = 'old-pw') =>
        (await t.login(name, password)).user.id

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
    } finally {
      await t.close()
    }
  })
})
