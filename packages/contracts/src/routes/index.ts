import type { RouteSpec } from './route.ts'
import { collectionRoutes } from './collections.routes.ts'
import { docsRoutes } from './docs.routes.ts'
import { systemRoutes } from './system.routes.ts'
import { authRoutes } from './auth.routes.ts'
import { meRoutes } from './me.routes.ts'
import { userRoutes } from './users.routes.ts'
import { apiKeyRoutes } from './api-keys.routes.ts'
import { settingsRoutes } from './settings.routes.ts'
import { libraryRoutes } from './libraries.routes.ts'
import { itemRoutes } from './items.routes.ts'
import { browseRoutes } from './browse.routes.ts'
import { seriesRoutes } from './series.routes.ts'
import { authorRoutes } from './authors.routes.ts'
import { playbackRoutes } from './playback.routes.ts'
import { itemEditRoutes } from './item-edit.routes.ts'
import { metadataRoutes } from './metadata.routes.ts'
import { fileRoutes } from './files.routes.ts'
import { scanRoutes } from './scans.routes.ts'
import { podcastRoutes } from './podcasts.routes.ts'
import { podcastDownloadRoutes } from './podcast-downloads.routes.ts'
import { playlistRoutes, PlaylistOrGone } from './playlists.routes.ts'
import { comicPageRoutes, ComicPage, ComicPagesResponse } from './comic-pages.routes.ts'
import { emailRoutes } from './email.routes.ts'
import { backupRoutes } from './backups.routes.ts'
import { logRoutes } from './logs.routes.ts'
import { feedRoutes } from './feeds.routes.ts'
import { shareRoutes } from './shares.routes.ts'
import { authSettingsRoutes } from './auth-settings.routes.ts'
import { notificationRoutes } from './notifications.routes.ts'
import { releaseRoutes, Release, ReleasesResponse } from './releases.routes.ts'
import { statsRoutes } from './stats.routes.ts'
import { embedRoutes, toolRoutes } from './tools.routes.ts'
import { itemMetadataRoutes } from './item-metadata.routes.ts'
import { libraryCareRoutes } from './library-care.routes.ts'

export * from './route.ts'
export { collectionRoutes, docsRoutes, playlistRoutes, PlaylistOrGone }
export { feedRoutes, shareRoutes, notificationRoutes, authSettingsRoutes }
export { releaseRoutes, Release, ReleasesResponse }
export { statsRoutes, toolRoutes, embedRoutes }
export { itemMetadataRoutes }
export { libraryCareRoutes }
export { comicPageRoutes, ComicPage, ComicPagesResponse }
export {
  systemRoutes,
  authRoutes,
  meRoutes,
  userRoutes,
  apiKeyRoutes,
  settingsRoutes,
  libraryRoutes,
  itemRoutes,
  browseRoutes,
  seriesRoutes,
  authorRoutes,
  playbackRoutes,
  itemEditRoutes,
  metadataRoutes,
  fileRoutes,
  scanRoutes,
  podcastRoutes,
  podcastDownloadRoutes,
  emailRoutes,
  backupRoutes,
  logRoutes,
}

/**
 * Every route group. A new group is added here once; the server registers its routes from the group, the
 * OpenAPI document lists them, and a test fails when Fastify serves a route no group declares (or the reverse).
 */
export const routeGroups = {
  docs: docsRoutes,
  system: systemRoutes,
  auth: authRoutes,
  me: meRoutes,
  users: userRoutes,
  apiKeys: apiKeyRoutes,
  settings: settingsRoutes,
  libraries: libraryRoutes,
  items: itemRoutes,
  browse: browseRoutes,
  series: seriesRoutes,
  authors: authorRoutes,
  playback: playbackRoutes,
  itemEdit: itemEditRoutes,
  metadata: metadataRoutes,
  files: fileRoutes,
  scans: scanRoutes,
  podcasts: podcastRoutes,
  podcastDownloads: podcastDownloadRoutes,
  collections: collectionRoutes,
  playlists: playlistRoutes,
  comicPages: comicPageRoutes,
  email: emailRoutes,
  backups: backupRoutes,
  logs: logRoutes,
  shares: shareRoutes,
  feeds: feedRoutes,
  notifications: notificationRoutes,
  releases: releaseRoutes,
  authSettings: authSettingsRoutes,
  stats: statsRoutes,
  itemMetadata: itemMetadataRoutes,
  libraryCare: libraryCareRoutes,
  tools: toolRoutes,
  embed: embedRoutes,
} as const satisfies Record<string, Record<string, RouteSpec>>

/** Every declared route with its `group.name` id (the OpenAPI operationId). */
export const namedRoutes: readonly { id: string; route: RouteSpec }[] = Object.entries(routeGroups).flatMap(
  ([group, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ id: `${group}.${name}`, route: route as RouteSpec })),
)
