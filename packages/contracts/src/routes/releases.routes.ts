import { z } from 'zod'
import { defineRoute } from './route.ts'

/** One published release of Shelfcast, read by the server from its releases source (v + semver tags only). */
export const Release = z.object({
  /** The release's title (the tag when it has none). */
  name: z.string(),
  /** The tag without its leading "v", e.g. "2.3.1" or "2.4.0-beta.1". */
  version: z.string(),
  major: z.number().int(),
  minor: z.number().int(),
  patch: z.number().int(),
  /** The pre-release part ("beta.1"), or null for a release. */
  preRelease: z.string().nullable(),
  /** When it was published (ISO 8601), or null when the source did not say. */
  pubdate: z.string().nullable(),
  /** The release notes (markdown, shown as text), empty when there are none. */
  changelog: z.string(),
  /** The release's page (GitHub's tag page), or null. */
  url: z.string().nullable(),
})
export type Release = z.infer<typeof Release>

export const ReleasesResponse = z.object({
  /** False when the server's update check is switched off (RELEASES_URL empty). */
  enabled: z.boolean(),
  /** Newest first; empty when the source could not be reached. */
  releases: z.array(Release),
})
export type ReleasesResponse = z.infer<typeof ReleasesResponse>

/** The update check: the server reads the releases (cached 5 minutes) so browsers never call out themselves. */
export const releaseRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/releases',
    tag: 'Server',
    summary: 'Published releases of the server (for the version label, changelog and update notice)',
    answer: ReleasesResponse,
  }),
} as const
