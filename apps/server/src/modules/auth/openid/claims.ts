import { defaultPermissions, type UserPermissions, type UserType } from '@shelfcast/contracts'

/** Roles a group claim may grant, highest first. */
const ROLE_ORDER = ['admin', 'user', 'guest'] as const
export type OpenIDRole = (typeof ROLE_ORDER)[number]

export type RoleDecision = { ok: true; role: OpenIDRole | null } | { ok: false; message: string }

/**
 * The role the group claim grants: the highest of admin, user and guest it lists (case-insensitive).
 * No claim configured: null (the account keeps its type, a new one is a user). Configured but missing or
 * naming none of them: refused, so a provider's unmapped user never gets in.
 */
export function roleFromGroupClaim(claims: Record<string, unknown>, groupClaim: string): RoleDecision {
  if (!groupClaim) return { ok: true, role: null }
  const value = claims[groupClaim]
  if (value === undefined || value === null) {
    return {
      ok: false,
      message: `Your account has no "${groupClaim}" claim: ask an admin to add you to a group`,
    }
  }
  const groups = (Array.isArray(value) ? value : [value])
    .filter((g): g is string => typeof g === 'string')
    .map((g) => g.toLowerCase())
  const role = ROLE_ORDER.find((r) => groups.includes(r))
  if (!role)
    return { ok: false, message: 'Your account is in no group allowed on this server (admin, user or guest)' }
  return { ok: true, role }
}

/** Audiobookshelf's permission names in the advanced permissions claim, mapped to ours. */
const PERMISSION_KEYS: Record<string, keyof UserPermissions> = {
  canDownload: 'download',
  canUpload: 'upload',
  canDelete: 'delete',
  canUpdate: 'update',
  canAccessExplicitContent: 'accessExplicitContent',
  canAccessAllLibraries: 'accessAllLibraries',
  canAccessAllTags: 'accessAllTags',
  canCreateEReader: 'createEreader',
  tagsAreDenylist: 'selectedTagsNotAccessible',
}

export interface ClaimedPermissions {
  permissions: UserPermissions
  librariesAccessible: string[]
  itemTagsSelected: string[]
}

const stringList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 1000) : []

/**
 * The advanced permissions claim (an object, or its JSON text) for a non-admin: every permission it does not
 * grant as `true` is false. Null when the claim is not configured or the user is an admin (theirs are fixed),
 * or the claim is absent or unreadable (the account keeps what it has).
 */
export function permissionsFromClaim(
  claims: Record<string, unknown>,
  claimName: string,
  type: UserType,
): ClaimedPermissions | null {
  if (!claimName || type === 'admin' || type === 'root') return null
  let value = claims[claimName]
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return null
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const given = value as Record<string, unknown>
  const permissions = { ...defaultPermissions(type) }
  for (const [abs, ours] of Object.entries(PERMISSION_KEYS)) permissions[ours] = given[abs] === true
  return {
    permissions,
    librariesAccessible: stringList(given.allowedLibraries),
    itemTagsSelected: stringList(given.allowedTags),
  }
}
