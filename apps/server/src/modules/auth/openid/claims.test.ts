import { describe, expect, it } from 'vitest'
import { permissionsFromClaim, roleFromGroupClaim } from './claims.ts'

describe('the group claim', () => {
  it('grants the highest of admin, user and guest, case-insensitive', () => {
    expect(roleFromGroupClaim({ groups: ['Guest', 'USER', 'staff'] }, 'groups')).toEqual({
      ok: true,
      role: 'user',
    })
    expect(roleFromGroupClaim({ groups: ['guest', 'Admin'] }, 'groups')).toEqual({ ok: true, role: 'admin' })
    expect(roleFromGroupClaim({ role: 'guest' }, 'role')).toEqual({ ok: true, role: 'guest' })
  })
  it('denies when configured but missing or naming no role; is ignored when not configured', () => {
    expect(roleFromGroupClaim({ groups: ['staff'] }, 'groups').ok).toBe(false)
    expect(roleFromGroupClaim({}, 'groups').ok).toBe(false)
    expect(roleFromGroupClaim({ groups: [] }, 'groups').ok).toBe(false)
    expect(roleFromGroupClaim({}, '')).toEqual({ ok: true, role: null })
  })
})

describe('the advanced permissions claim', () => {
  it('applies to non-admins, a missing option being false', () => {
    const claimed = permissionsFromClaim(
      {
        perms: { canDownload: true, canUpdate: 'yes', allowedLibraries: ['lib1', 2], allowedTags: ['kids'] },
      },
      'perms',
      'user',
    )
    expect(claimed?.permissions).toMatchObject({
      download: true,
      update: false,
      delete: false,
      upload: false,
    })
    expect(claimed?.librariesAccessible).toEqual(['lib1'])
    expect(claimed?.itemTagsSelected).toEqual(['kids'])
  })
  it('reads a JSON text claim; ignores admins, an absent or unreadable claim', () => {
    expect(permissionsFromClaim({ p: '{"canDelete":true}' }, 'p', 'guest')?.permissions.delete).toBe(true)
    expect(permissionsFromClaim({ p: { canDelete: true } }, 'p', 'admin')).toBeNull()
    expect(permissionsFromClaim({}, 'p', 'user')).toBeNull()
    expect(permissionsFromClaim({ p: '{oops' }, 'p', 'user')).toBeNull()
    expect(permissionsFromClaim({ p: { canDelete: true } }, '', 'user')).toBeNull()
  })
})
