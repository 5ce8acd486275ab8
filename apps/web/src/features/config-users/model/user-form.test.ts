import { defaultPermissions } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { userFixture } from '@/test/fixtures.ts'
import {
  assignableTypes,
  draftFromUser,
  newUserDraft,
  setPermission,
  toCreateUserRequest,
  toUpdateUserRequest,
  validateUserDraft,
  withType,
  type UserDraft,
} from './user-form.ts'

describe('user form validation (spec §5)', () => {
  it('needs a username, and a password for a new account', () => {
    expect(validateUserDraft(newUserDraft(), 'create')).toEqual({
      username: 'ToastNewUserUsernameError',
      password: 'ToastNewUserPasswordError',
    })
    const edit = draftFromUser(userFixture('user'))
    expect(validateUserDraft(edit, 'edit')).toEqual({})
    expect(validateUserDraft({ ...edit, username: '  ' }, 'edit')).toEqual({
      username: 'ToastNewUserUsernameError',
    })
  })

  it('without all-library or all-tag access, at least one library or tag must be chosen', () => {
    let draft = { ...newUserDraft(), username: 'ann', password: 'pw' }
    draft = setPermission(draft, 'accessAllLibraries', false)
    expect(validateUserDraft(draft, 'create').access).toBe('ToastNewUserLibraryError')
    draft = { ...draft, librariesAccessible: ['lib1'] }
    expect(validateUserDraft(draft, 'create')).toEqual({})
    draft = setPermission(draft, 'accessAllTags', false)
    expect(validateUserDraft(draft, 'create').access).toBe('ToastNewUserLibraryError')
    expect(validateUserDraft({ ...draft, itemTagsSelected: ['kids'] }, 'create')).toEqual({})
    // Admins see everything: the lists do not apply.
    expect(validateUserDraft(withType(draft, 'admin'), 'create')).toEqual({})
  })

  it('only root may make admins', () => {
    expect(assignableTypes('root')).toContain('admin')
    expect(assignableTypes('admin')).not.toContain('admin')
  })
})

describe('permission toggles to request body', () => {
  it('sends every switch, and the library and tag lists only while their "all" switch is off', () => {
    let draft: UserDraft = { ...newUserDraft(), username: ' ann ', password: 'pw', type: 'guest' }
    draft = { ...draft, permissions: defaultPermissions('guest') }
    draft = setPermission(draft, 'upload', true)
    draft = setPermission(draft, 'accessExplicitContent', false)
    draft = setPermission(draft, 'accessAllLibraries', false)
    draft = { ...draft, librariesAccessible: ['lib2'], itemTagsSelected: ['ignored while all tags'] }

    expect(toCreateUserRequest(draft)).toEqual({
      username: 'ann',
      password: 'pw',
      type: 'guest',
      isActive: true,
      permissions: {
        download: false,
        update: false,
        delete: false,
        upload: true,
        createEreader: false,
        accessAllLibraries: false,
        accessAllTags: true,
        accessExplicitContent: false,
        selectedTagsNotAccessible: false,
      },
      librariesAccessible: ['lib2'],
      itemTagsSelected: [],
    })

    draft = setPermission(draft, 'accessAllTags', false)
    draft = setPermission(draft, 'selectedTagsNotAccessible', true)
    const body = toCreateUserRequest({ ...draft, itemTagsSelected: ['horror'] })
    expect(body.itemTagsSelected).toEqual(['horror'])
    expect(body.permissions).toMatchObject({ accessAllTags: false, selectedTagsNotAccessible: true })
  })

  it('a type change resets to that type’s defaults; admins get every permission', () => {
    const draft = withType(setPermission(newUserDraft(), 'download', false), 'admin')
    expect(toCreateUserRequest({ ...draft, username: 'a', password: 'p' }).permissions).toEqual(
      defaultPermissions('admin'),
    )
  })

  it('an edit sends the password only when typed, and names and flags only when changed', () => {
    const user = userFixture('user', { id: 'u1', username: 'bob' })
    const unchanged = toUpdateUserRequest(user, draftFromUser(user))
    expect(unchanged).toEqual({
      permissions: user.permissions,
      librariesAccessible: [],
      itemTagsSelected: [],
    })

    const draft = { ...draftFromUser(user), password: 'new-pass', isActive: false, username: 'robert' }
    expect(toUpdateUserRequest(user, setPermission(draft, 'delete', true))).toMatchObject({
      username: 'robert',
      password: 'new-pass',
      isActive: false,
      permissions: { delete: true },
    })
  })
})
