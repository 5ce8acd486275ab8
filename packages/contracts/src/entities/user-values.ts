// The zod-free values of user.ts: the web client loads them without zod (`@shelfcast/contracts/client`).
import type { UserPermissions, UserType } from './user.ts'

/** Defaults for a new account of each type (admins and root get everything). */
export function defaultPermissions(type: UserType): UserPermissions {
  const privileged = type === 'admin' || type === 'root'
  return {
    download: type !== 'guest',
    update: privileged,
    delete: privileged,
    upload: privileged,
    createEreader: privileged,
    accessAllLibraries: true,
    accessAllTags: true,
    accessExplicitContent: true,
    selectedTagsNotAccessible: false,
  }
}
