import { lazyComponent, type LazyComponent } from '../lib/lazy-component.ts'

/** A page without props, fetched on demand. */
export type OnDemandPage = LazyComponent<object>

/**
 * The pages the first load leaves out (issue #14: admin, upload, stats, batch edit, podcast admin, account, and every
 * library page but home): each is fetched when its route first renders or a link to it is hovered or focused.
 */
export const onDemandPages = {
  serverSettings: lazyComponent(() => import('../features/settings/on-demand.ts'), 'ServerSettingsPage'),
  configLibraries: lazyComponent(
    () => import('../features/config-libraries/index.ts'),
    'ConfigLibrariesPage',
  ),
  configUsers: lazyComponent(() => import('../features/config-users/on-demand.ts'), 'ConfigUsersPage'),
  apiKeys: lazyComponent(() => import('../features/config-api-keys/index.ts'), 'ConfigApiKeysPage'),
  emailSettings: lazyComponent(() => import('../features/config-email/on-demand.ts'), 'EmailSettingsPage'),
  authSettings: lazyComponent(() => import('../features/config-auth/on-demand.ts'), 'AuthSettingsPage'),
  backups: lazyComponent(() => import('../features/config-backups/on-demand.ts'), 'BackupsPage'),
  notifications: lazyComponent(
    () => import('../features/config-notifications/on-demand.ts'),
    'NotificationsPage',
  ),
  listeningSessions: lazyComponent(
    () => import('../features/config-sessions/on-demand.ts'),
    'ListeningSessionsPage',
  ),
  openSessions: lazyComponent(() => import('../features/config-sessions/on-demand.ts'), 'OpenSessionsPage'),
  userSessions: lazyComponent(() => import('../features/config-sessions/on-demand.ts'), 'UserSessionsPage'),
  rssFeeds: lazyComponent(() => import('../features/rss-feeds/on-demand.ts'), 'RssFeedsPage'),
  logs: lazyComponent(() => import('../features/logs/on-demand.ts'), 'LogsPage'),
  customProviders: lazyComponent(
    () => import('../features/config-metadata-providers/on-demand.ts'),
    'CustomProvidersPage',
  ),
  itemMetadataUtils: lazyComponent(
    () => import('../features/item-metadata/on-demand.ts'),
    'ItemMetadataUtilsPage',
  ),
  manageTags: lazyComponent(() => import('../features/item-metadata/on-demand.ts'), 'TagsPage'),
  manageGenres: lazyComponent(() => import('../features/item-metadata/on-demand.ts'), 'GenresPage'),
  listeningStats: lazyComponent(() => import('../features/stats/on-demand.ts'), 'ListeningStatsPage'),
  libraryStats: lazyComponent(() => import('../features/stats/on-demand.ts'), 'LibraryStatsPage'),
  upload: lazyComponent(() => import('../features/upload/index.ts'), 'UploadPage'),
  manageTools: lazyComponent(() => import('../features/tools/on-demand.ts'), 'ManagePage'),
  batchEdit: lazyComponent(() => import('../features/selection/on-demand.ts'), 'BatchEditPage'),
  addPodcast: lazyComponent(() => import('../features/podcasts/on-demand.ts'), 'AddPodcastPage'),
  downloadQueue: lazyComponent(() => import('../features/podcasts/on-demand.ts'), 'DownloadQueuePage'),
  // Library pages other than home: prefetched from the side rail's links on hover or focus.
  bookshelf: lazyComponent(() => import('../features/browse/on-demand.ts'), 'BookshelfPage'),
  seriesTab: lazyComponent(() => import('../features/browse/on-demand.ts'), 'SeriesTab'),
  authorsTab: lazyComponent(() => import('../features/browse/on-demand.ts'), 'AuthorsTab'),
  narrators: lazyComponent(() => import('../features/browse/on-demand.ts'), 'NarratorsPage'),
  series: lazyComponent(() => import('../features/browse/on-demand.ts'), 'SeriesPage'),
  item: lazyComponent(() => import('../features/browse/on-demand.ts'), 'ItemPage'),
  author: lazyComponent(() => import('../features/browse/on-demand.ts'), 'AuthorPage'),
  collectionsTab: lazyComponent(() => import('../features/collections/on-demand.ts'), 'CollectionsTab'),
  playlistsTab: lazyComponent(() => import('../features/collections/on-demand.ts'), 'PlaylistsTab'),
  collection: lazyComponent(() => import('../features/collections/on-demand.ts'), 'CollectionPage'),
  playlist: lazyComponent(() => import('../features/collections/on-demand.ts'), 'PlaylistPage'),
  search: lazyComponent(() => import('../features/search/on-demand.ts'), 'SearchPage'),
  latestEpisodes: lazyComponent(() => import('../features/podcasts/on-demand.ts'), 'LatestEpisodesPage'),
  account: lazyComponent(() => import('../features/auth/on-demand.ts'), 'AccountPage'),
  // The public page of a shared book: outside the signed-in shell, fetched only by its visitors.
  share: lazyComponent(() => import('../features/shares/on-demand.ts'), 'SharePage'),
} satisfies Record<string, OnDemandPage>
