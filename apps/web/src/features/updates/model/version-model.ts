import type { Release } from '@shelfcast/contracts'

/** A release as the changelog and update check use it (spec §3: releasesToShow). */
export interface ReleaseToShow {
  name: string
  /** major*10000 + minor*100 + patch (spec §4). */
  total: number
  version: string
  major: number
  minor: number
  patch: number
  preRelease: string | null
  pubdate: string | null
  changelog: string
}

/** The version data of spec §3, with when it was computed (the 5-minute rule of §4). */
export interface VersionData {
  version: string
  latestVersion: string
  currentVersion: string
  hasUpdate: boolean
  /** The newest release's page (the "Update" link), or null when the source gave none. */
  githubTagUrl: string | null
  releasesToShow: ReleaseToShow[]
  lastCheck: number
}

/** How long version data stays fresh before the releases are asked again. */
export const versionCheckIntervalMs = 5 * 60_000

export const versionTotal = (major: number, minor: number, patch: number): number =>
  major * 10000 + minor * 100 + patch

const semverPattern = /^v?(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/

/** The numbers of a version string ("2.3.1", "v2.3.1-beta.1"), or null when it is not semver. */
export function parseVersion(
  text: string,
): { major: number; minor: number; patch: number; total: number } | null {
  const match = semverPattern.exec(text.trim())
  if (!match) return null
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return { major, minor, patch, total: versionTotal(major, minor, patch) }
}

/**
 * Spec §4: version data from the server's version and the published releases. Null (nothing to show) when
 * there are no releases or the current version is not one of them. The changelog lists the releases of the
 * same major.minor up to the current one, newest first; an update is a newer release that is not a pre-release.
 */
export function computeVersionData(
  currentVersion: string,
  releases: readonly Release[],
  now: number,
): VersionData | null {
  const current = parseVersion(currentVersion)
  if (!current) return null
  const usable: ReleaseToShow[] = releases
    .filter((r) => parseVersion(r.version) !== null)
    .map((r) => ({
      name: r.name,
      total: versionTotal(r.major, r.minor, r.patch),
      version: r.version,
      major: r.major,
      minor: r.minor,
      patch: r.patch,
      preRelease: r.preRelease,
      pubdate: r.pubdate,
      changelog: r.changelog,
    }))
  if (usable.length === 0 || !usable.some((r) => r.total === current.total)) return null
  const stable = releases.filter((r) => r.preRelease === null)
  const latest = stable.reduce<Release | null>(
    (best, r) =>
      best === null ||
      versionTotal(r.major, r.minor, r.patch) > versionTotal(best.major, best.minor, best.patch)
        ? r
        : best,
    null,
  )
  const latestTotal = latest ? versionTotal(latest.major, latest.minor, latest.patch) : current.total
  const releasesToShow = usable
    .filter((r) => r.major === current.major && r.minor === current.minor && r.total <= current.total)
    .sort((a, b) => b.total - a.total)
  return {
    version: currentVersion,
    latestVersion: latest && latestTotal > current.total ? latest.version : currentVersion,
    currentVersion,
    hasUpdate: latestTotal > current.total,
    githubTagUrl: latest && latestTotal > current.total ? latest.url : null,
    releasesToShow,
    lastCheck: now,
  }
}

/**
 * Spec §4: stored version data is used again within five minutes, unless it lacks the current version or the
 * release list (a server upgrade, or data written by an older client).
 */
export function isVersionDataFresh(
  data: VersionData | null,
  currentVersion: string,
  now: number,
): data is VersionData {
  return (
    data !== null &&
    data.currentVersion === currentVersion &&
    Array.isArray(data.releasesToShow) &&
    now - data.lastCheck < versionCheckIntervalMs &&
    now >= data.lastCheck
  )
}

/** Stored version data read back; anything not shaped like it (corrupt, older) is discarded (spec §8). */
export function readStoredVersionData(raw: unknown): VersionData | null {
  if (typeof raw !== 'object' || raw === null) return null
  const d = raw as Partial<Record<keyof VersionData, unknown>>
  const ok =
    typeof d.version === 'string' &&
    typeof d.latestVersion === 'string' &&
    typeof d.currentVersion === 'string' &&
    typeof d.hasUpdate === 'boolean' &&
    (typeof d.githubTagUrl === 'string' || d.githubTagUrl === null) &&
    Array.isArray(d.releasesToShow) &&
    typeof d.lastCheck === 'number'
  return ok ? (raw as VersionData) : null
}

/** Spec §8: the update toast shows for a version unless its toast was closed before. */
export const shouldNotifyUpdate = (data: VersionData | null, ignoredVersion: string | null): boolean =>
  data !== null && data.hasUpdate && data.latestVersion !== ignoredVersion
