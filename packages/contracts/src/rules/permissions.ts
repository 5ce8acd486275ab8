import type { UserPermissions, UserType } from '../entities/user.ts'

/** Who may do what to whom: the server enforces these, the client shows only what they allow. */

const rank: Record<UserType, number> = { guest: 0, user: 1, admin: 2, root: 3 }

/** Whether an account of type `a` ranks above one of type `b`: admins manage users and guests, root everyone. */
export const outranks = (a: UserType, b: UserType): boolean => rank[a] > rank[b]

export const isAdminOrUp = (type: UserType): boolean => type === 'admin' || type === 'root'

interface Account {
  id: string
  type: UserType
}

/** Whether `actor` may edit `target`'s account: their own, or one they outrank. */
export const mayEditUser = (actor: Account, target: Account): boolean =>
  actor.id === target.id || outranks(actor.type, target.type)

/** Whether `actor` may delete `target`'s account: one they outrank, never their own (so never root's). */
export const mayDeleteUser = (actor: Account, target: Account): boolean =>
  actor.id !== target.id && outranks(actor.type, target.type)

/** Whether a user may open a library: admins and users allowed every library open all of them. */
export const canAccessLibrary = (
  user: {
    type: UserType
    permissions: Pick<UserPermissions, 'accessAllLibraries'>
    librariesAccessible: readonly string[]
  },
  libraryId: string,
): boolean =>
  isAdminOrUp(user.type) ||
  user.permissions.accessAllLibraries ||
  user.librariesAccessible.includes(libraryId)
