import type { User, UserPermissions, UserSummary, UserType } from '@shelfcast/contracts'

/** A user as the server knows it, password hash included. Never sent as is. */
export interface UserRecord {
  id: string
  username: string
  email: string | null
  passwordHash: string | null
  type: UserType
  isActive: boolean
  isLocked: boolean
  permissions: UserPermissions
  librariesAccessible: string[]
  itemTagsSelected: string[]
  seriesHideFromContinueListening: string[]
  createdAt: number
  updatedAt: number
  lastSeen: number | null
  /** The OpenID subject this account signs in as; unset on a record not read from the database. */
  openidSub?: string | null
}

/** The API shape. Progress and bookmarks are filled by the capabilities that own them. */
export function toUserJson(u: UserRecord): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    type: u.type,
    isActive: u.isActive,
    isLocked: u.isLocked,
    lastSeen: u.lastSeen,
    createdAt: u.createdAt,
    permissions: u.permissions,
    librariesAccessible: u.librariesAccessible,
    itemTagsSelected: u.itemTagsSelected,
    mediaProgress: [],
    bookmarks: [],
    seriesHideFromContinueListening: u.seriesHideFromContinueListening,
    hasOpenIDLink: Boolean(u.openidSub),
  }
}

export const toUserSummary = (u: UserRecord): UserSummary => ({
  id: u.id,
  username: u.username,
  type: u.type,
  isActive: u.isActive,
  lastSeen: u.lastSeen,
  createdAt: u.createdAt,
})

/** Whether the user may see a library (spec §5: root-level all-library access or membership). */
