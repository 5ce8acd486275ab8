import { describe, expect, it } from 'vitest'
import { canAccessLibrary, mayDeleteUser, mayEditUser, outranks } from './permissions.ts'

const root = { id: 'r', type: 'root' } as const
const admin = { id: 'a', type: 'admin' } as const
const otherAdmin = { id: 'a2', type: 'admin' } as const
const user = { id: 'u', type: 'user' } as const
const guest = { id: 'g', type: 'guest' } as const

describe('who may manage whom', () => {
  it('ranks guest < user < admin < root', () => {
    expect(outranks('root', 'admin')).toBe(true)
    expect(outranks('admin', 'user')).toBe(true)
    expect(outranks('user', 'guest')).toBe(true)
    expect(outranks('admin', 'admin')).toBe(false)
    expect(outranks('admin', 'root')).toBe(false)
  })

  it('admins edit users, guests and themselves; only root edits other admins', () => {
    expect([user, guest, admin, otherAdmin, root].map((t) => mayEditUser(admin, t))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
    expect([user, guest, admin, root].map((t) => mayEditUser(root, t))).toEqual([true, true, true, true])
  })

  it('nobody deletes themselves or root; admins delete only users and guests', () => {
    expect([user, guest, otherAdmin, root].map((t) => mayDeleteUser(admin, t))).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect([user, admin, root].map((t) => mayDeleteUser(root, t))).toEqual([true, true, false])
  })

  it('opens a library to admins, to users allowed all, and to users given that one', () => {
    const limited = {
      type: 'user',
      permissions: { accessAllLibraries: false },
      librariesAccessible: ['l1'],
    } as const
    expect(canAccessLibrary(limited, 'l1')).toBe(true)
    expect(canAccessLibrary(limited, 'l2')).toBe(false)
    expect(canAccessLibrary({ ...limited, permissions: { accessAllLibraries: true } }, 'l2')).toBe(true)
    expect(canAccessLibrary({ ...limited, type: 'admin' }, 'l2')).toBe(true)
  })
})
