import type {
  CreateUserRequest,
  User,
  UserPermissions,
  UserType,
  UpdateUserRequest,
} from '@shelfcast/contracts'
import { defaultPermissions, isAdminOrUp } from '@shelfcast/contracts/client'
import { usernameRuleKey } from '@/lib/username-rule.ts'

/** What the user modal edits. The password is blank when editing unless it is being changed. */
export interface UserDraft {
  username: string
  password: string
  type: UserType
  isActive: boolean
  permissions: UserPermissions
  librariesAccessible: string[]
  itemTagsSelected: string[]
}

export interface UserDraftErrors {
  username?: string
  password?: string
  access?: string
}

/** The permission switches of spec §6, in the order the modal shows them (with their en-us keys). */
export const permissionToggles = [
  { key: 'download', labelKey: 'LabelPermissionsDownload' },
  { key: 'update', labelKey: 'LabelPermissionsUpdate' },
  { key: 'delete', labelKey: 'LabelPermissionsDelete' },
  { key: 'upload', labelKey: 'LabelPermissionsUpload' },
  { key: 'createEreader', labelKey: 'LabelPermissionsCreateEreader' },
  { key: 'accessExplicitContent', labelKey: 'LabelPermissionsAccessExplicitContent' },
] as const satisfies readonly { key: keyof UserPermissions; labelKey: string }[]

/** Account types the signed-in user may give: admin only by root (spec §6; the server agrees). */
export function assignableTypes(actorType: UserType): UserType[] {
  return actorType === 'root' ? ['user', 'guest', 'admin'] : ['user', 'guest']
}

/** Admins and root have every permission: the switches only apply to users and guests. */
export const hasPermissionSwitches = (type: UserType) => !isAdminOrUp(type)

export function newUserDraft(): UserDraft {
  return {
    username: '',
    password: '',
    type: 'user',
    isActive: true,
    permissions: defaultPermissions('user'),
    librariesAccessible: [],
    itemTagsSelected: [],
  }
}

export function draftFromUser(user: User): UserDraft {
  return {
    username: user.username,
    password: '',
    type: user.type,
    isActive: user.isActive,
    permissions: { ...defaultPermissions(user.type), ...user.permissions },
    librariesAccessible: [...user.librariesAccessible],
    itemTagsSelected: [...user.itemTagsSelected],
  }
}

/** A new account type brings that type's default permissions (as ABS does); lists chosen stay. */
export function withType(draft: UserDraft, type: UserType): UserDraft {
  if (type === draft.type) return draft
  return { ...draft, type, permissions: defaultPermissions(type) }
}

export function setPermission(draft: UserDraft, key: keyof UserPermissions, value: boolean): UserDraft {
  return { ...draft, permissions: { ...draft.permissions, [key]: value } }
}

export function toggleInList(list: readonly string[], value: string, on: boolean): string[] {
  return on ? (list.includes(value) ? [...list] : [...list, value]) : list.filter((v) => v !== value)
}

/** Spec §5 messages (en-us keys). Creating needs a password; editing keeps the old one when blank. */
export function validateUserDraft(draft: UserDraft, mode: 'create' | 'edit'): UserDraftErrors {
  const errors: UserDraftErrors = {}
  const username = usernameRuleKey(draft.username)
  if (username) errors.username = username
  if (mode === 'create' && draft.password === '' && draft.type !== 'root')
    errors.password = 'ToastNewUserPasswordError'
  if (hasPermissionSwitches(draft.type)) {
    const noLibrary = !draft.permissions.accessAllLibraries && draft.librariesAccessible.length === 0
    const noTag = !draft.permissions.accessAllTags && draft.itemTagsSelected.length === 0
    if (noLibrary || noTag) errors.access = 'ToastNewUserLibraryError'
  }
  return errors
}

/** Library and tag lists only count while their "all" switch is off. */
function accessLists(draft: UserDraft) {
  const open = !hasPermissionSwitches(draft.type)
  return {
    librariesAccessible: open || draft.permissions.accessAllLibraries ? [] : [...draft.librariesAccessible],
    itemTagsSelected: open || draft.permissions.accessAllTags ? [] : [...draft.itemTagsSelected],
  }
}

/** Admins get every permission whatever the switches said before the type changed. */
function effectivePermissions(draft: UserDraft): UserPermissions {
  return hasPermissionSwitches(draft.type) ? { ...draft.permissions } : defaultPermissions(draft.type)
}

/** POST /api/users body. */
export function toCreateUserRequest(draft: UserDraft): CreateUserRequest {
  return {
    username: draft.username.trim(),
    password: draft.password,
    type: draft.type === 'root' ? 'admin' : draft.type,
    isActive: draft.isActive,
    permissions: effectivePermissions(draft),
    ...accessLists(draft),
  }
}

/**
 * PATCH /api/users/:id body: identity fields only when changed (the server refuses some, such as a
 * new type for root or oneself), the password only when typed, access always (it is one setting).
 */
export function toUpdateUserRequest(user: User, draft: UserDraft): UpdateUserRequest {
  const body: UpdateUserRequest = {}
  if (draft.username.trim() !== user.username) body.username = draft.username.trim()
  if (draft.password !== '') body.password = draft.password
  if (draft.type !== user.type) body.type = draft.type
  if (draft.isActive !== user.isActive) body.isActive = draft.isActive
  body.permissions = effectivePermissions(draft)
  Object.assign(body, accessLists(draft))
  return body
}
