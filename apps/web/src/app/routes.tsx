import { Suspense, type ReactNode } from 'react'
import type { RouteObject } from 'react-router'
import { LoginPage } from '../features/auth/index.ts'
import { HomePage } from '../features/browse/index.ts'
import { HomeRedirect, LibraryRoute } from '../features/libraries/index.ts'
import { PrefetchPublicShare } from '../features/shares/index.ts'
import { BareLayout } from './layouts/BareLayout.tsx'
import { ConfigLayout } from './layouts/ConfigLayout.tsx'
import { MainLayout } from './layouts/MainLayout.tsx'
import { NotFoundPage, RouteErrorPage } from './pages/RouteErrorPage.tsx'
import { PageLoading } from './pages/PageLoading.tsx'
import { RequireAdmin } from './RequireAdmin.tsx'
import { RequireAuth } from './RequireAuth.tsx'
import type { RouteHandle } from './route-names.ts'
import { RootRoute } from './RootRoute.tsx'
import { onDemandPages, type OnDemandPage } from './on-demand-pages.ts'
import { withPrefetch } from './route-prefetch.ts'

const handle = (name: string): RouteHandle => ({ name })

/** A route whose page is fetched when first shown (or when a link to it is hovered or focused). */
function onDemand<R extends RouteObject>(route: R, page: OnDemandPage, alongside?: ReactNode): R {
  const { Component } = page
  // `alongside` renders at once, outside the Suspense boundary (e.g. to start the page's data request).
  const element = (
    <>
      {alongside}
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </>
  )
  return withPrefetch({ ...route, element }, page.preload)
}

/** Every route of spec §2, named as ABS names them (the guard, layout and library-switch rules use the names). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: 'login', handle: handle('login'), element: <LoginPage /> },
          // Public (spec §2): no account, no token, no guard; a signed-in visitor sees the same page.
          onDemand(
            { path: 'share/:slug', handle: handle('share-slug') },
            onDemandPages.share,
            <PrefetchPublicShare />,
          ),
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { index: true, handle: handle('index'), element: <HomeRedirect /> },
              {
                path: 'library/:libraryId',
                element: <LibraryRoute />,
                children: [
                  { index: true, handle: handle('library-library'), element: <HomePage /> },
                  onDemand(
                    {
                      path: 'bookshelf',
                      handle: handle('library-library-bookshelf'),
                    },
                    onDemandPages.bookshelf,
                  ),
                  onDemand(
                    {
                      path: 'bookshelf/series',
                      handle: handle('library-library-bookshelf-id'),
                    },
                    onDemandPages.seriesTab,
                  ),
                  onDemand(
                    {
                      path: 'bookshelf/collections',
                      handle: handle('library-library-bookshelf-id'),
                    },
                    onDemandPages.collectionsTab,
                  ),
                  onDemand(
                    {
                      path: 'bookshelf/playlists',
                      handle: handle('library-library-bookshelf-id'),
                    },
                    onDemandPages.playlistsTab,
                  ),
                  onDemand(
                    {
                      path: 'bookshelf/authors',
                      handle: handle('library-library-bookshelf-id'),
                    },
                    onDemandPages.authorsTab,
                  ),
                  onDemand(
                    {
                      path: 'narrators',
                      handle: handle('library-library-narrators'),
                    },
                    onDemandPages.narrators,
                  ),
                  onDemand(
                    {
                      path: 'stats',
                      handle: {
                        name: 'library-library-stats',
                        titleKey: 'ButtonStats',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.libraryStats,
                  ),
                  onDemand(
                    {
                      path: 'podcast/latest',
                      handle: {
                        name: 'library-library-podcast-latest',
                        titleKey: 'ButtonLatest',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.latestEpisodes,
                  ),
                  onDemand(
                    {
                      path: 'podcast/search',
                      handle: {
                        name: 'library-library-podcast-search',
                        titleKey: 'ButtonAdd',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.addPodcast,
                  ),
                  onDemand(
                    {
                      path: 'podcast/download-queue',
                      handle: {
                        name: 'library-library-podcast-download-queue',
                        titleKey: 'ButtonDownloadQueue',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.downloadQueue,
                  ),
                  onDemand(
                    { path: 'search', handle: handle('library-library-search') },
                    onDemandPages.search,
                  ),
                  onDemand(
                    {
                      path: 'series/:seriesId',
                      handle: handle('library-library-series-id'),
                    },
                    onDemandPages.series,
                  ),
                ],
              },
              onDemand({ path: 'item/:id', handle: handle('item-id') }, onDemandPages.item),
              onDemand({ path: 'author/:id', handle: handle('author-id') }, onDemandPages.author),
              onDemand({ path: 'collection/:id', handle: handle('collection-id') }, onDemandPages.collection),
              onDemand({ path: 'playlist/:id', handle: handle('playlist-id') }, onDemandPages.playlist),
              onDemand(
                {
                  path: 'upload',
                  handle: { name: 'upload', titleKey: 'ButtonUpload' } satisfies RouteHandle,
                },
                onDemandPages.upload,
              ),
              onDemand({ path: 'batch', handle: handle('batch') }, onDemandPages.batchEdit),
              onDemand(
                {
                  path: 'audiobook/:id/manage',
                  handle: {
                    name: 'audiobook-id-manage',
                    titleKey: 'HeaderManageTools',
                  } satisfies RouteHandle,
                },
                onDemandPages.manageTools,
              ),
              onDemand({ path: 'account', handle: handle('account') }, onDemandPages.account),
              {
                path: 'config',
                element: <ConfigLayout />,
                children: [
                  onDemand(
                    {
                      path: 'stats',
                      handle: { name: 'config-stats', titleKey: 'HeaderYourStats' } satisfies RouteHandle,
                    },
                    onDemandPages.listeningStats,
                  ),
                  {
                    element: <RequireAdmin />,
                    children: [
                      onDemand({ index: true, handle: handle('config') }, onDemandPages.serverSettings),
                      onDemand(
                        { path: 'libraries', handle: handle('config-libraries') },
                        onDemandPages.configLibraries,
                      ),
                      onDemand({ path: 'users', handle: handle('config-users') }, onDemandPages.configUsers),
                      onDemand(
                        { path: 'users/:id/sessions', handle: handle('config-users-id-sessions') },
                        onDemandPages.userSessions,
                      ),
                      onDemand(
                        { path: 'api-keys', handle: handle('config-api-keys') },
                        onDemandPages.apiKeys,
                      ),
                      onDemand(
                        { path: 'email', handle: handle('config-email') },
                        onDemandPages.emailSettings,
                      ),
                      onDemand(
                        { path: 'authentication', handle: handle('config-authentication') },
                        onDemandPages.authSettings,
                      ),
                      onDemand({ path: 'backups', handle: handle('config-backups') }, onDemandPages.backups),
                      onDemand(
                        { path: 'notifications', handle: handle('config-notifications') },
                        onDemandPages.notifications,
                      ),
                      onDemand({ path: 'log', handle: handle('config-log') }, onDemandPages.logs),
                      onDemand(
                        { path: 'rss-feeds', handle: handle('config-rss-feeds') },
                        onDemandPages.rssFeeds,
                      ),
                      onDemand(
                        { path: 'sessions', handle: handle('config-sessions') },
                        onDemandPages.listeningSessions,
                      ),
                      onDemand(
                        { path: 'sessions/open', handle: handle('config-sessions-open') },
                        onDemandPages.openSessions,
                      ),
                      onDemand(
                        { path: 'item-metadata-utils', handle: handle('config-item-metadata-utils') },
                        onDemandPages.itemMetadataUtils,
                      ),
                      onDemand(
                        {
                          path: 'item-metadata-utils/tags',
                          handle: handle('config-item-metadata-utils-tags'),
                        },
                        onDemandPages.manageTags,
                      ),
                      onDemand(
                        {
                          path: 'item-metadata-utils/genres',
                          handle: handle('config-item-metadata-utils-genres'),
                        },
                        onDemandPages.manageGenres,
                      ),
                      onDemand(
                        {
                          path: 'item-metadata-utils/custom-metadata-providers',
                          handle: handle('config-item-metadata-utils-custom-metadata-providers'),
                        },
                        onDemandPages.customProviders,
                      ),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', handle: handle('error'), element: <NotFoundPage /> },
    ],
  },
]
